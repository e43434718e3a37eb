import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssetVersion } from '@/features/assets/api/asset-types';
import { AssetPreview } from '@/features/assets/components/asset-preview';

// Signed URLs as the page's one request would give them: path → URL.
vi.mock('@/lib/asset-urls', () => ({
  useSignedAssetUrls: (paths: (string | null)[]) => ({
    data: Object.fromEntries(paths.filter(Boolean).map((path) => [path, `https://files.test/${path}?token=t`])),
  }),
}));
vi.mock('@/features/assets/components/pdf-first-page', () => ({
  default: ({ url, name }: { url: string; name: string }) => <p>{`PDF ${name} from ${url}`}</p>,
}));

function version(changes: Partial<AssetVersion>): AssetVersion {
  return {
    id: 'v1', number: 1, file_name: 'file', mime_type: 'application/octet-stream', size_bytes: 1000, width: null, height: null,
    duration_seconds: null, variants_state: 'none', variants_note: null, object_path: 'ws/a1/v1/original', thumbnail_path: null,
    preview_path: null, uploaded_by_name: 'Ada', completed_at: '2026-11-28T00:00:00Z', ...changes,
  } as AssetVersion;
}

/** A media element's metadata as the browser reads it from the file. */
function loadMetadata(element: HTMLMediaElement, duration: number) {
  Object.defineProperty(element, 'duration', { configurable: true, value: duration });
  fireEvent(element, new Event('loadedmetadata'));
}

describe('AssetPreview', () => {
  it('plays a video from its signed URL, labelled, with its length once the metadata is read', () => {
    const { container } = render(<AssetPreview kind="video" name="teaser.mp4" version={version({ mime_type: 'video/mp4' })} />);
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('src', 'https://files.test/ws/a1/v1/original?token=t');
    expect(video).toHaveAttribute('aria-label', 'Video: teaser.mp4');
    expect(container.querySelector('audio')).toBeNull();
    expect(screen.getByText('Reading its length...')).toBeInTheDocument();
    loadMetadata(video, 95.4);
    expect(screen.getByText('Length 01:35')).toBeInTheDocument();
  });

  it('plays audio with the audio player, even when the asset was filed as a video', () => {
    const { container } = render(<AssetPreview kind="video" name="voice.m4a" version={version({ mime_type: 'audio/mp4' })} />);
    const audio = container.querySelector('audio')!;
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAttribute('aria-label', 'Audio: voice.m4a');
    expect(container.querySelector('video')).toBeNull();
    loadMetadata(audio, 3725);
    expect(screen.getByText('Length 1:02:05')).toBeInTheDocument();
  });

  it('says the length is unknown when the file does not tell it (a live stream reads as Infinity)', () => {
    const { container } = render(<AssetPreview kind="audio" name="stream.webm" version={version({ mime_type: 'audio/webm' })} />);
    loadMetadata(container.querySelector('audio')!, Number.POSITIVE_INFINITY);
    expect(screen.getByText('Length unknown')).toBeInTheDocument();
  });

  it('replaces a player that cannot load its file with a clear message', () => {
    const { container } = render(<AssetPreview kind="video" name="broken.mov" version={version({ mime_type: 'video/quicktime' })} />);
    fireEvent.error(container.querySelector('video')!);
    expect(screen.getByRole('alert')).toHaveTextContent('The video could not be loaded: download it to play it.');
    expect(container.querySelector('video')).toBeNull();
  });

  it('shows an image by its preview variant, a PDF by its first page and nothing to play for other files', async () => {
    const image = render(<AssetPreview kind="image" name="hero.png" version={version({ mime_type: 'image/png', variants_state: 'ready', preview_path: 'ws/a1/v1/w1280.webp' })} />);
    expect(screen.getByRole('img', { name: 'hero.png' })).toHaveAttribute('src', 'https://files.test/ws/a1/v1/w1280.webp?token=t');
    image.unmount();

    const pdf = render(<AssetPreview kind="pdf" name="guide.pdf" version={version({ mime_type: 'application/pdf' })} />);
    expect(await screen.findByText('PDF guide.pdf from https://files.test/ws/a1/v1/original?token=t')).toBeInTheDocument();
    pdf.unmount();

    const other = render(<AssetPreview kind="document" name="notes.txt" version={version({ mime_type: 'text/plain' })} />);
    expect(screen.getByText('No preview of this type: download it to open it.')).toBeInTheDocument();
    expect(other.container.querySelector('audio, video, img')).toBeNull();
  });
});

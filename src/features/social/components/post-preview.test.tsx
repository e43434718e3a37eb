import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useLinkPreview } from '@/features/social/api/get-link-preview';
import MediaField, { type ComposerMedia } from '@/features/social/components/media-field';
import PostPreview from '@/features/social/components/post-preview';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  return { supabase: createFakeSupabase().client };
});
vi.mock('@/features/social/api/get-link-preview', () => ({ useLinkPreview: vi.fn(() => ({ data: null })) }));
vi.mock('@/lib/asset-urls', () => ({
  useSignedAssetUrls: (paths: ReadonlyArray<string | null>) => ({ data: Object.fromEntries(paths.filter(Boolean).map((path) => [path, `https://cdn.test/${path}`])) }),
}));

const tulips: ComposerMedia = { assetId: 'a1', name: 'tulips.png', kind: 'image', mimeType: 'image/png', sizeBytes: 200_000, alt: 'Red tulips in a field', thumbnailPath: 't/a1.webp', previewPath: 'p/a1.webp' };
const film: ComposerMedia = { assetId: 'v1', name: 'launch.mp4', kind: 'video', mimeType: 'video/mp4', sizeBytes: 5_000_000, alt: 'Our launch film', thumbnailPath: null, previewPath: null };
const channels = [
  { account_id: 'b', name: 'agency.bsky.social', network: 'bluesky', body: 'Spring is here 🌷' },
  { account_id: 'w', name: 'Zapier', network: 'webhook', body: 'Spring is here (webhook)' },
];

describe('PostPreview', () => {
  it('shows each network’s text and images with their alt text, at phone width then desktop width', async () => {
    renderRoutes([{ path: '/', element: <PostPreview channels={channels} media={[tulips]} /> }]);
    const [bluesky, webhook] = await screen.findAllByTestId('post-preview');
    expect(within(bluesky!).getByText('Spring is here 🌷')).toBeInTheDocument();
    expect(within(bluesky!).getByText('· Bluesky')).toBeInTheDocument();
    expect(within(bluesky!).getByRole('img', { name: 'Red tulips in a field' })).toHaveAttribute('src', 'https://cdn.test/p/a1.webp');
    // The webhook channel carries text only.
    expect(within(webhook!).getByText('Spring is here (webhook)')).toBeInTheDocument();
    expect(within(webhook!).queryByRole('img')).toBeNull();

    expect(bluesky).toHaveStyle({ width: '375px' });
    expect(screen.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Desktop' }));
    expect(screen.getAllByTestId('post-preview')[0]).toHaveStyle({ width: '600px' });
    expect(screen.getByRole('button', { name: 'Desktop' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('MediaField', () => {
  it('checks the media live against each chosen network and reports the first problem', async () => {
    const onProblem = vi.fn();
    const onChange = vi.fn();
    const view = renderRoutes([{ path: '/', element: <MediaField workspaceId="acme" media={[{ ...tulips, alt: '' }]} onChange={onChange} channels={channels.slice(0, 1)} onProblem={onProblem} /> }]);
    expect(await screen.findByText('agency.bsky.social: Describe image 1 (“tulips.png”) for people who cannot see it: alt text is required.')).toBeInTheDocument();
    expect(onProblem).toHaveBeenLastCalledWith('agency.bsky.social: Describe image 1 (“tulips.png”) for people who cannot see it: alt text is required.');
    await userEvent.type(screen.getByLabelText('Alt text for tulips.png'), 'R');
    expect(onChange).toHaveBeenLastCalledWith([{ ...tulips, alt: 'R' }]);
    view.unmount();

    renderRoutes([{ path: '/', element: <MediaField workspaceId="acme" media={[film]} onChange={onChange} channels={[...channels.slice(0, 1), { account_id: 'm', name: 'agency@mastodon', network: 'mastodon', body: 'x' }]} onProblem={onProblem} /> }]);
    expect(await screen.findByText(/^agency\.bsky\.social: Bluesky takes video through its own video service/)).toBeInTheDocument();
    // Mastodon takes the video: no problem shown for it.
    expect(screen.queryByText(/^agency@mastodon:/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove launch.mp4' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});

describe('PostPreview of a saved post', () => {
  it('shows the stored link card on Bluesky, not on the webhook channel', async () => {
    vi.mocked(useLinkPreview).mockReturnValue({ data: { url: 'https://shop.example/spring', status: 'ready', title: 'Spring collection', description: 'Twelve new prints.', image_url: null } } as ReturnType<typeof useLinkPreview>);
    renderRoutes([{ path: '/', element: <PostPreview channels={channels} media={[]} postId="p1" /> }]);
    const [bluesky, webhook] = await screen.findAllByTestId('post-preview');
    expect(within(bluesky!).getByRole('link', { name: 'Link card: Spring collection' })).toHaveAttribute('href', 'https://shop.example/spring');
    expect(within(bluesky!).getByText('Twelve new prints.')).toBeInTheDocument();
    expect(within(webhook!).queryByRole('link')).toBeNull();
    expect(useLinkPreview).toHaveBeenCalledWith('p1');
  });
});

import { useState, type SyntheticEvent } from 'react';
import { assetCopy } from '@/config/asset-copy';
import { formatDuration } from '@/features/assets/utils/asset-display';

type MediaKind = 'video' | 'audio';

/**
 * A video or audio file played from its signed URL with the browser's own controls (ranges: only what is played is
 * fetched), labelled by its name, with its length as the player reads it from the file (loadedmetadata). A file the
 * browser cannot load says so instead of showing a dead player.
 */
export function MediaPreview({ kind, url, name }: { kind: MediaKind; url: string; name: string }) {
  const copy = assetCopy.detail;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [length, setLength] = useState<string | null>(null);

  if (state === 'failed') {
    return (
      <p role="alert" className="flex min-h-32 items-center justify-center rounded-md bg-muted p-4 text-center text-sm text-destructive">
        {copy.mediaFailed(kind)}
      </p>
    );
  }

  const player = {
    controls: true,
    preload: 'metadata',
    src: url,
    'aria-label': copy.mediaLabel(kind, name),
    onLoadedMetadata: (event: SyntheticEvent<HTMLMediaElement>) => {
      setLength(formatDuration(event.currentTarget.duration));
      setState('ready');
    },
    onError: () => setState('failed'),
  };
  const fallback = <p>{copy.mediaUnsupported}</p>;

  return (
    <figure className="space-y-2">
      {kind === 'video' ? (
        <video {...player} className="max-h-[28rem] w-full rounded-md bg-black">
          {fallback}
        </video>
      ) : (
        <audio {...player} className="w-full">
          {fallback}
        </audio>
      )}
      <figcaption className="text-sm text-muted-foreground" aria-live="polite">
        {state === 'loading' ? copy.mediaLoading : length ? copy.mediaLength(length) : copy.mediaLengthUnknown}
      </figcaption>
    </figure>
  );
}

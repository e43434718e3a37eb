import { Loader2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { assetCopy } from '@/config/asset-copy';
import type { AssetVersion } from '@/features/assets/api/asset-types';
import type { AssetKind } from '@/config/asset-options';
import { MediaPreview } from '@/features/assets/components/media-preview';
import { previewOf } from '@/features/assets/utils/preview-choice';
import { useSignedAssetUrls } from '@/lib/asset-urls';

const PdfFirstPage = lazy(() => import('@/features/assets/components/pdf-first-page'));

function Note({ children }: { children: string }) {
  return <p className="flex min-h-32 items-center justify-center rounded-md bg-muted p-4 text-center text-sm text-muted-foreground">{children}</p>;
}

/**
 * The preview of an asset's version: images by their WebP 1280 variant (never the original, which may be huge or
 * hostile), video and audio played from the original with their length (media-preview.tsx), a PDF's first page,
 * a note for anything else (which one: preview-choice.ts). The private files are reached through signed URLs.
 */
export function AssetPreview({ kind, name, version }: { kind: AssetKind; name: string; version: AssetVersion }) {
  const copy = assetCopy.detail;
  const choice = previewOf(kind, version.mime_type);
  const isImage = choice === 'image';
  const path = isImage ? version.preview_path : choice === 'none' ? null : version.object_path;
  const url = useSignedAssetUrls([path]).data?.[path ?? ''];

  if (isImage && version.variants_state === 'pending') {
    return (
      <p role="status" className="flex min-h-32 items-center justify-center gap-2 rounded-md bg-muted text-sm text-muted-foreground">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        {copy.previewPending}
      </p>
    );
  }
  if (isImage && version.variants_state !== 'ready') return <Note>{`${copy.previewRefused}${version.variants_note ?? copy.previewNone}`}</Note>;
  if (!path) return <Note>{copy.previewNone}</Note>;
  if (!url) return <Note>{copy.loading}</Note>;
  if (isImage) return <img src={url} alt={name} className="mx-auto max-h-[28rem] w-auto max-w-full rounded-md object-contain" />;
  if (choice === 'video' || choice === 'audio') return <MediaPreview key={version.id} kind={choice} url={url} name={name} />;
  return (
    <Suspense fallback={<Note>{copy.pdfLoading}</Note>}>
      <PdfFirstPage url={url} name={name} />
    </Suspense>
  );
}

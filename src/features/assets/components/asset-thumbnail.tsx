import { File, FileAudio, FileImage, FileText, FileVideo, Loader2, type LucideIcon } from 'lucide-react';
import { assetCopy } from '@/config/asset-copy';
import type { AssetRow } from '@/features/assets/api/asset-types';
import { cn } from '@/lib/utils';

const ICONS: Record<string, LucideIcon> = { image: FileImage, video: FileVideo, audio: FileAudio, pdf: FileText, document: FileText };

/**
 * An asset's small picture: its thumbnail (a signed URL), else an icon of its type; a spinner while the thumbnail is
 * being made. Decorative: the asset's name is beside it.
 */
export function AssetThumbnail({ asset, url, className }: { asset: Pick<AssetRow, 'kind' | 'variants_state'>; url: string | undefined; className?: string }) {
  if (url) return <img src={url} alt="" loading="lazy" decoding="async" className={cn('h-full w-full object-cover', className)} />;
  const isPending = asset.variants_state === 'pending';
  const Icon = isPending ? Loader2 : (ICONS[asset.kind] ?? File);
  return (
    <div className={cn('flex h-full w-full items-center justify-center bg-muted text-muted-foreground', className)} title={isPending ? assetCopy.list.previewPending : undefined}>
      <Icon className={cn('h-8 w-8', isPending && 'animate-spin')} aria-hidden="true" />
    </div>
  );
}

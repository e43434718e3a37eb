import type { AssetKind } from '@/config/asset-options';

/** The preview an asset's detail shows. */
export type PreviewChoice = 'image' | 'video' | 'audio' | 'pdf' | 'none';

const GENERIC_TYPES = ['', 'application/octet-stream', 'binary/octet-stream'];

/**
 * Which preview a version gets. Video and audio by the file's MIME type (what the player is told it plays: an
 * `audio/mp4` file of a "video" asset gets the audio player), by the asset's kind when the type says nothing. Images
 * only when the asset is an image (the preview is its WebP variant, which the job runner makes for those alone); a PDF
 * by either; anything else has none.
 */
export function previewOf(kind: AssetKind, mimeType: string | null | undefined): PreviewChoice {
  const type = (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  const family = type.split('/')[0];
  if (kind === 'image') return 'image';
  if (family === 'video' || family === 'audio') return family;
  if (type === 'application/pdf' || kind === 'pdf') return 'pdf';
  if ((kind === 'video' || kind === 'audio') && GENERIC_TYPES.includes(type)) return kind;
  return 'none';
}

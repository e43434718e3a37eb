import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/**
 * The asset library's derived images, made with sharp (libvips) by the make_asset_variants job, never in a request:
 * a square thumbnail and WebP images 320 and 1280 px wide, turned upright by their EXIF orientation. sharp writes no
 * metadata unless told to, so the variants carry no EXIF at all (no GPS location, no camera serial); the original is
 * kept as uploaded.
 *
 * Hostile files are refused before they cost memory or time (decision 0021):
 *   - only formats sharp decodes, recognised by their bytes (not by the declared type);
 *   - the dimensions are read from the header first: more than `maxInputPixels` (a decompression bomb: a PNG or GIF
 *     of a few kilobytes that claims 60,000 × 60,000 pixels) is refused without decoding, and libvips is given the
 *     same limit while decoding;
 *   - compressed input is never expanded: gzip (an .svgz bomb) and archives (a zip bomb) are not images here;
 *   - SVG (XML) above `maxSvgBytes`, any input above `maxInputBytes`, and work beyond `timeoutSeconds` stop it.
 */

export interface ImageLimits {
  maxInputBytes: number;
  maxInputPixels: number;
  maxSvgBytes: number;
  timeoutSeconds: number;
}

export const IMAGE_LIMITS: ImageLimits = {
  maxInputBytes: 64 * 1024 * 1024,
  maxInputPixels: 100_000_000,
  maxSvgBytes: 5 * 1024 * 1024,
  timeoutSeconds: 30,
};

export const VARIANTS = {
  thumb: { width: 400, height: 400, fit: 'cover' as const, quality: 72 },
  w320: { width: 320, height: 320 * 4, fit: 'inside' as const, quality: 78 },
  w1280: { width: 1280, height: 1280, fit: 'inside' as const, quality: 80 },
};
export type VariantName = keyof typeof VARIANTS;

export type DerivedImages =
  | { outcome: 'ready'; width: number; height: number; variants: Record<VariantName, Buffer> }
  | { outcome: 'none' | 'refused' | 'failed'; note: string; width?: number; height?: number };

/** Formats sharp's prebuilt libvips decodes here (no PDF: its first page is drawn by pdf.js in the browser). */
const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff', 'image/heic', 'image/svg+xml']);

sharp.cache(false);

function looksLikeSvg(input: Buffer): boolean {
  const head = input.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return (head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--') || head.startsWith('<!DOCTYPE svg')) && /<svg[\s>]/i.test(head);
}

/** The format of `input` by its bytes, or undefined; `compressed` for gzip, zip and other archives. */
export async function imageFormatOf(input: Buffer): Promise<string | 'compressed' | undefined> {
  if (input.length >= 2 && input[0] === 0x1f && input[1] === 0x8b) return 'compressed';
  const sniffed = await fileTypeFromBuffer(input);
  if (sniffed) {
    if (['application/zip', 'application/gzip', 'application/x-bzip2', 'application/x-xz', 'application/x-7z-compressed', 'application/x-tar', 'application/zstd', 'application/x-rar-compressed', 'application/vnd.rar'].includes(sniffed.mime)) return 'compressed';
    if (sniffed.mime === 'image/heif') return 'image/heic';
    if ((sniffed.mime === 'application/xml' || sniffed.mime === 'text/xml') && looksLikeSvg(input)) return 'image/svg+xml';
    return sniffed.mime;
  }
  return looksLikeSvg(input) ? 'image/svg+xml' : undefined;
}

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000).toLocaleString('en-US')} million`;

export async function deriveImages(input: Buffer, limits: ImageLimits = IMAGE_LIMITS): Promise<DerivedImages> {
  if (input.length > limits.maxInputBytes) {
    return { outcome: 'refused', note: `The file is larger than ${Math.round(limits.maxInputBytes / 1024 / 1024)} MB: no preview is made of it.` };
  }
  const format = await imageFormatOf(input);
  if (format === 'compressed') return { outcome: 'refused', note: 'Compressed files (gzip, zip and other archives) are never opened for a preview.' };
  if (!format || !DECODABLE.has(format)) return { outcome: 'none', note: 'Not an image format the previews are made from.' };
  if (format === 'image/svg+xml' && input.length > limits.maxSvgBytes) {
    return { outcome: 'refused', note: `SVG files above ${Math.round(limits.maxSvgBytes / 1024 / 1024)} MB get no preview.` };
  }

  let width: number;
  let height: number;
  try {
    // The header only: nothing is decoded yet.
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    width = metadata.autoOrient?.width ?? metadata.width ?? 0;
    height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  } catch (error) {
    return { outcome: 'failed', note: `Not a readable image (${reasonOf(error)}).` };
  }
  if (!width || !height) return { outcome: 'failed', note: 'The image does not say its size.' };
  if (width * height > limits.maxInputPixels) {
    return {
      outcome: 'refused',
      note: `${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels is more than the ${megapixels(limits.maxInputPixels)} a preview is made from.`,
      width,
      height,
    };
  }

  try {
    const source = sharp(input, { limitInputPixels: limits.maxInputPixels, failOn: 'error', sequentialRead: true })
      .autoOrient()
      .timeout({ seconds: limits.timeoutSeconds });
    const entries = await Promise.all(
      (Object.keys(VARIANTS) as VariantName[]).map(async (name) => {
        const spec = VARIANTS[name];
        const bytes = await source
          .clone()
          .resize({ width: spec.width, height: spec.height, fit: spec.fit, position: 'centre', withoutEnlargement: spec.fit === 'inside' })
          .webp({ quality: spec.quality })
          .toBuffer();
        return [name, bytes] as const;
      }),
    );
    return { outcome: 'ready', width, height, variants: Object.fromEntries(entries) as Record<VariantName, Buffer> };
  } catch (error) {
    const reason = reasonOf(error);
    if (/pixel limit|timeout/i.test(reason)) return { outcome: 'refused', note: `No preview: ${reason}.`, width, height };
    return { outcome: 'failed', note: `The image could not be read (${reason}).`, width, height };
  }
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
}

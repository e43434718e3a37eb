import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoWithLocation, pngClaiming, zipBomb } from '../../../../tests/support/assets';
import { deriveImages, IMAGE_LIMITS, imageFormatOf } from './derive-images';

const svg = (width: number, height: number) =>
  Buffer.from(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="teal"/></svg>`);

describe('deriveImages', () => {
  it('makes a 400 px square thumbnail and WebP 320 and 1280 wide, with no EXIF (no GPS, no camera)', async () => {
    const derived = await deriveImages(await photoWithLocation(3000, 2000));
    expect(derived).toMatchObject({ outcome: 'ready', width: 3000, height: 2000 });
    if (derived.outcome !== 'ready') return;
    const sizes = await Promise.all(Object.values(derived.variants).map(async (bytes) => {
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain('PhoneCam');
      return [metadata.format, metadata.width, metadata.height];
    }));
    expect(sizes).toEqual([['webp', 400, 400], ['webp', 320, 213], ['webp', 1280, 853]]);
  });

  it('never enlarges a small image, and turns one upright by its EXIF orientation', async () => {
    const tall = await sharp({ create: { width: 200, height: 100, channels: 3, background: 'white' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const derived = await deriveImages(tall);
    expect(derived).toMatchObject({ outcome: 'ready', width: 100, height: 200 });
    if (derived.outcome === 'ready') expect((await sharp(derived.variants.w1280).metadata()).width).toBe(100);
  });

  it('refuses a decompression bomb by its header, at once, without decoding it', async () => {
    const started = Date.now();
    expect(await deriveImages(pngClaiming(60_000, 60_000))).toMatchObject({ outcome: 'refused', width: 60_000, height: 60_000 });
    expect(await deriveImages(pngClaiming(12_000, 9_000), { ...IMAGE_LIMITS, maxInputPixels: 50_000_000 })).toMatchObject({ outcome: 'refused' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('never opens compressed input: a zip bomb and a gzipped SVG are refused', async () => {
    expect(await imageFormatOf(zipBomb(10))).toBe('compressed');
    expect(await deriveImages(zipBomb(10))).toMatchObject({ outcome: 'refused', note: 'Compressed files (gzip, zip and other archives) are never opened for a preview.' });
    const svgz = gzipSync(Buffer.concat([svg(10, 10), Buffer.alloc(5_000_000, 0x20)]));
    expect(await deriveImages(svgz)).toMatchObject({ outcome: 'refused' });
  });

  it('draws an SVG, refuses one that is too large, and says “none” for what is not an image', async () => {
    expect(await deriveImages(svg(800, 600))).toMatchObject({ outcome: 'ready', width: 800, height: 600 });
    expect(await deriveImages(svg(800, 600), { ...IMAGE_LIMITS, maxSvgBytes: 100 })).toMatchObject({ outcome: 'refused' });
    expect(await deriveImages(Buffer.from('%PDF-1.7\n'))).toMatchObject({ outcome: 'none' });
    expect(await deriveImages(Buffer.from('just text'))).toMatchObject({ outcome: 'none' });
  });

  it('says “failed” for a broken image, and refuses input above the byte limit', async () => {
    const jpeg = await sharp({ create: { width: 500, height: 500, channels: 3, background: 'red' } }).jpeg().toBuffer();
    expect(await deriveImages(jpeg.subarray(0, 300))).toMatchObject({ outcome: 'failed' });
    expect(await deriveImages(jpeg, { ...IMAGE_LIMITS, maxInputBytes: 100 })).toMatchObject({ outcome: 'refused' });
  });
});

/**
 * Renders the product's own artwork (scripts/art/*.svg) to WebP at the widths the pages ask for,
 * in headless Chromium (the one the tests use: never a download), and writes them next to the
 * marketing-site components. Run after changing the artwork: `npm run images`; commit the output.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, resolveChromium } from '../tests/support/chromium';

const root = path.resolve(import.meta.dirname, '..');
const artDir = path.join(root, 'scripts/art');
const outDir = path.join(root, 'src/features/marketing-site/assets/images');

/** Artwork → output widths (the height follows the artwork's aspect ratio). */
const jobs: { art: string; widths: number[]; quality: number }[] = [
  { art: 'hero', widths: [640, 960, 1280, 1600], quality: 0.8 },
  { art: 'portfolio-penmark', widths: [480, 800], quality: 0.82 },
  { art: 'portfolio-silver-compass', widths: [480, 800], quality: 0.82 },
  { art: 'portfolio-second-summit', widths: [480, 800], quality: 0.82 },
];

const browser = await chromium.launch({ executablePath: await resolveChromium(), args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  for (const job of jobs) {
    const svg = await readFile(path.join(artDir, `${job.art}.svg`), 'utf8');
    for (const width of job.widths) {
      const { dataUrl, height } = await page.evaluate(
        async ({ svg, width, quality }) => {
          const image = new Image();
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          await image.decode();
          const height = Math.round((width * image.naturalHeight) / image.naturalWidth);
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const context = canvas.getContext('2d')!;
          context.imageSmoothingQuality = 'high';
          context.drawImage(image, 0, 0, width, height);
          return { dataUrl: canvas.toDataURL('image/webp', quality), height };
        },
        { svg, width, quality: job.quality },
      );
      if (!dataUrl.startsWith('data:image/webp')) throw new Error('This Chromium cannot encode WebP');
      const file = path.join(outDir, `${job.art}-${width}.webp`);
      const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      await writeFile(file, bytes);
      console.log(`${path.relative(root, file)}  ${width}x${height}  ${(bytes.length / 1024).toFixed(1)} KiB`);
    }
  }
} finally {
  await browser.close();
}

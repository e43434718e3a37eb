import { randomBytes } from 'node:crypto';
import type { Route } from '@playwright/test';
import sharp from 'sharp';
import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { startE2EServer } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { expectNoAxeViolations } from './support/page-checks';

/**
 * Issue 27's journey on the real server, its Storage and its job runner: several files uploaded at once (one large,
 * resumed after a dropped connection), one cancelled and one resumed with their buttons mid-upload, one replaced by a
 * new version and its first version restored, a WAV file played in its detail with its length, one tagged, reviewed
 * and approved, found by the type, tag, status and collection filters, used as a content item's featured image,
 * shared by a link opened signed out, its deletion refused while used. At 1280 px and 375 px, axe clean.
 */

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 900 };

/** A 1600 × 900 photo-like PNG (noise, so it does not compress to nothing). */
async function photo(): Promise<Buffer> {
  const [width, height] = [1600, 900];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Silence as a WAV file (a RIFF header, then 16-bit mono PCM at 8 kHz): small, and every browser plays it. */
function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(rate * 2 * seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // bytes a second
  header.writeUInt16LE(2, 32); // bytes a sample
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** 13 MB: three of the 6 MB parts tus-js-client sends. */
const LARGE_BYTES = 13 * 1024 * 1024;

test('drop and pick several files (one resumed after a dropped connection), cancel and resume with the buttons, replace and restore a version, filter by type and tag, collect, tag, review, approve, find, feature, share, refuse deletion while used, at 1280 and 375 px', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(desktop);
  await signUpToDashboard(page);

  // The large file's second part loses its connection once: tus-js-client asks the server where it stopped (HEAD)
  // and goes on from there.
  let dropped = false;
  const resumeChecks: string[] = [];
  await page.route('**/storage/v1/upload/resumable/**', async (route) => {
    const request = route.request();
    if (request.method() === 'HEAD') resumeChecks.push(request.url());
    const offset = Number(request.headers()['upload-offset'] ?? '0');
    if (request.method() === 'PATCH' && offset > 0 && !dropped) {
      dropped = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await page.goto(paths.marketing.creative);
  await expect(page.getByRole('heading', { level: 2, name: 'Asset Library', exact: true })).toBeVisible();
  await expect(page.getByText('No assets yet')).toBeVisible();
  await expect(page.getByText('Your library is empty: these are sample figures.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  // One file dropped on the drop area, three chosen at once with the file picker.
  const droppedFile = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['Meeting notes'], 'notes.txt', { type: 'text/plain' }));
    return transfer;
  });
  await page.getByTestId('asset-dropzone').dispatchEvent('drop', { dataTransfer: droppedFile });
  await expect(page.getByRole('button', { name: 'Open notes.txt' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Choose Files').setInputFiles([
    { name: 'hero.png', mimeType: 'image/png', buffer: await photo() },
    { name: 'brand-guide.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'campaign-footage.bin', mimeType: 'application/octet-stream', buffer: randomBytes(LARGE_BYTES) },
  ]);
  const uploads = page.locator('section[aria-labelledby="upload-queue-title"]');
  for (const name of ['hero.png', 'brand-guide.pdf', 'campaign-footage.bin']) {
    await expect(page.getByRole('progressbar', { name: `Upload of ${name}` })).toBeVisible();
  }
  await expect(uploads.locator('li[data-state="done"]')).toHaveCount(4, { timeout: 90_000 });
  expect(dropped).toBe(true);
  expect(resumeChecks.length).toBeGreaterThan(0);
  await expect(page.getByRole('progressbar', { name: 'Upload of campaign-footage.bin' })).toHaveAttribute('aria-valuenow', '100');

  // The library lists the three; the figures are the library's now.
  for (const name of ['hero.png', 'brand-guide.pdf', 'campaign-footage.bin']) {
    await expect(page.getByRole('button', { name: `Open ${name}` })).toBeVisible();
  }
  await expect(page.getByText('Your library is empty: these are sample figures.', { exact: false })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Cancel and Resume, pressed mid-upload: the TUS PATCH is held until the button is pressed. A cancelled file
  // never reaches the library; an interrupted one (its connection lost while offline, so tus-js-client stops retrying)
  // waits for Resume, then goes on and completes.
  let holding = true;
  const held: Route[] = [];
  await page.route('**/storage/v1/upload/resumable/**', async (route) => {
    if (holding && route.request().method() === 'PATCH') held.push(route);
    else await route.fallback();
  });
  const release = async (reason: 'aborted' | 'connectionreset') => {
    for (const route of held.splice(0)) await route.abort(reason).catch(() => undefined);
  };
  const queued = (name: string) => uploads.locator('li', { hasText: name });
  await page.getByLabel('Choose Files').setInputFiles([{ name: 'cancel-me.bin', mimeType: 'application/octet-stream', buffer: randomBytes(200_000) }]);
  await expect.poll(() => held.length).toBe(1);
  await expect(queued('cancel-me.bin')).toHaveAttribute('data-state', 'uploading');
  await expect(page.getByRole('button', { name: 'Resume the upload of cancel-me.bin' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel the upload of cancel-me.bin' }).click();
  await expect(queued('cancel-me.bin')).toHaveAttribute('data-state', 'cancelled');
  await expect(queued('cancel-me.bin')).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel the upload of cancel-me.bin' })).toHaveCount(0);
  await release('aborted');

  await page.getByLabel('Choose Files').setInputFiles([{ name: 'resume-me.bin', mimeType: 'application/octet-stream', buffer: randomBytes(300_000) }]);
  await expect.poll(() => held.length).toBe(1);
  await page.evaluate(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false }));
  await release('connectionreset');
  await expect(queued('resume-me.bin')).toHaveAttribute('data-state', 'paused');
  await expect(queued('resume-me.bin')).toContainText('Interrupted: resume to go on');
  await expectNoAxeViolations(page);
  holding = false;
  await page.evaluate(() => delete (navigator as { onLine?: boolean }).onLine);
  await page.getByRole('button', { name: 'Resume the upload of resume-me.bin' }).click();
  await expect(queued('resume-me.bin')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Upload of resume-me.bin' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('button', { name: 'Open resume-me.bin' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open cancel-me.bin' })).toHaveCount(0);

  // A new version of the notes replaces them; the first is listed and restored.
  await page.getByRole('button', { name: 'Open notes.txt' }).click();
  const notes = page.getByRole('dialog');
  const versions = notes.locator('section[aria-labelledby="asset-versions-title"] li');
  await expect(versions).toHaveCount(1);
  await notes.getByLabel('Upload New Version').setInputFiles([{ name: 'notes-v2.txt', mimeType: 'text/plain', buffer: Buffer.from('Meeting notes, second draft') }]);
  await expect(versions).toHaveCount(2, { timeout: 30_000 });
  await expect(versions.filter({ hasText: 'Version 2' })).toContainText('Current');
  await expect(versions.filter({ hasText: 'Version 2' })).toContainText('notes-v2.txt · 27 B');
  await expect(versions.filter({ hasText: 'Version 1' })).toContainText('notes.txt · 13 B');
  await expect(versions.filter({ hasText: 'Version 1' })).not.toContainText('Current');
  await expect(notes.locator('dd', { hasText: /^notes-v2\.txt$/ })).toBeVisible();
  await notes.getByRole('button', { name: 'Restore version 1' }).click();
  const restore = page.getByRole('alertdialog', { name: 'Restore version 1?' });
  await restore.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(restore).toBeHidden();
  await expect(versions.filter({ hasText: 'Version 1' })).toContainText('Current');
  await expect(versions.filter({ hasText: 'Version 2' })).not.toContainText('Current');
  await expect(notes.getByRole('button', { name: 'Restore version 2' })).toBeVisible();
  await expect(notes.locator('dd', { hasText: /^notes\.txt$/ })).toBeVisible();
  await expect(notes.locator('dd', { hasText: /^13 B$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(notes).toBeHidden();

  // An audio file plays in its detail, labelled, with its length as the player reads it from the file.
  await page.getByLabel('Choose Files').setInputFiles([{ name: 'jingle.wav', mimeType: 'audio/wav', buffer: silentWav(2) }]);
  await page.getByRole('button', { name: 'Open jingle.wav' }).click({ timeout: 30_000 });
  const jingle = page.getByRole('dialog', { name: 'jingle.wav' });
  await expect(jingle.locator('audio[controls]')).toHaveAttribute('aria-label', 'Audio: jingle.wav');
  await expect(jingle.locator('figcaption')).toHaveText('Length 00:02', { timeout: 20_000 });
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(jingle).toBeHidden();

  // A collection, for the image below.
  await page.getByRole('textbox', { name: 'Collection name' }).fill('Launch');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Launch', exact: true })).toBeVisible();

  // Tag, collect, review, approve the image.
  await page.getByRole('button', { name: 'Open hero.png' }).click();
  const detail = page.getByRole('dialog', { name: 'hero.png' });
  await detail.getByRole('checkbox', { name: 'Launch' }).click();
  await expect(detail.getByRole('checkbox', { name: 'Launch' })).toBeChecked();
  await detail.getByLabel('Tags').fill('launch, hero');
  await detail.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('Details saved')).toBeVisible();
  await detail.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(detail.getByRole('button', { name: 'Approve' })).toBeVisible();
  await detail.getByLabel('Comment').fill('Crop looks right.');
  await detail.getByRole('button', { name: 'Approve' }).click();
  // The posted comment (the box may still hold the text for a moment after sending).
  await expect(detail.getByRole('paragraph').filter({ hasText: 'Crop looks right.' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Back to Draft' })).toBeVisible();
  // Its derived images are made by the job runner, which measures it too: the preview and its size appear.
  await expect(detail.locator('img').first()).toBeVisible({ timeout: 60_000 });
  await expect(detail.getByText('1600 × 900', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  // A share link, opened signed out, gives the original's bytes.
  await detail.getByRole('button', { name: 'Create Link' }).click();
  const link = await detail.getByRole('textbox', { name: 'Share link' }).inputValue();
  const stranger = await browser.newContext();
  const shared = await stranger.request.get(link);
  expect(shared.status()).toBe(200);
  expect((await shared.body()).subarray(1, 4).toString()).toBe('PNG');
  await stranger.close();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // The search finds it by its tag; the status filter and its collection too; the list shows its facts.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('hero');
  await expect(page.getByRole('button', { name: 'Open hero.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open brand-guide.pdf' })).toHaveCount(0);
  await search.fill('');
  await expect(page.getByRole('button', { name: 'Open brand-guide.pdf' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Approved', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Open brand-guide.pdf' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open hero.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  // The type and tag filters narrow the grid; clearing brings everything back.
  const shown = async (visible: string[], hidden: string[]) => {
    for (const name of visible) await expect(page.getByRole('button', { name: `Open ${name}` })).toBeVisible();
    for (const name of hidden) await expect(page.getByRole('button', { name: `Open ${name}` })).toHaveCount(0);
  };
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'PDF', exact: true }).click();
  await shown(['brand-guide.pdf'], ['hero.png', 'notes.txt', 'campaign-footage.bin']);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Image', exact: true }).click();
  await shown(['hero.png'], ['brand-guide.pdf', 'notes.txt']);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await shown(['brand-guide.pdf', 'notes.txt', 'campaign-footage.bin', 'resume-me.bin'], []);
  await page.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: 'launch', exact: true }).click();
  await shown(['hero.png'], ['brand-guide.pdf', 'notes.txt', 'resume-me.bin']);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await shown(['hero.png', 'brand-guide.pdf', 'notes.txt', 'resume-me.bin'], []);
  await page.getByRole('button', { name: 'Launch', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Open notes.txt' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open hero.png' })).toBeVisible();
  await page.getByRole('button', { name: 'All assets' }).click();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  const heroRow = page.getByRole('row', { name: /hero\.png/ });
  await expect(heroRow).toContainText('1600 × 900');
  await expect(heroRow).toContainText('Approved');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Grid', exact: true }).click();

  // The approved image becomes a content item's featured image, picked from the library.
  await page.goto(paths.marketing.content);
  await page.getByRole('button', { name: 'Create Your First Content' }).click();
  const create = page.getByRole('dialog', { name: 'Create Content' });
  await create.getByRole('textbox', { name: 'Title', exact: true }).fill('Spring launch');
  await create.getByRole('button', { name: 'Choose from Library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an Approved Asset' });
  await expect(picker.getByText('brand-guide.pdf')).toHaveCount(0);
  await picker.getByText('hero.png').click();
  await picker.getByRole('button', { name: 'Use This Asset' }).click();
  await expect(picker).toBeHidden();
  await expect(create.getByText('From the asset library: hero.png')).toBeVisible();
  await expect(create.getByRole('textbox', { name: 'Featured Image URL' })).toHaveValue(/\/storage\/v1\/object\/public\/asset-public\/.+\/variants\/w1280\.webp$/);
  await expectNoAxeViolations(page);
  await create.getByRole('button', { name: 'Save Content' }).click();
  await expect(create).toBeHidden();

  // Deleting it is refused while the content item uses it, saying where.
  await page.goto(paths.marketing.creative);
  await page.getByRole('button', { name: 'Open hero.png' }).click();
  await expect(detail.getByText('Spring launch')).toBeVisible();
  await detail.getByRole('button', { name: 'Delete Asset' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete "hero.png"?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText('This asset is in use')).toBeVisible();
  await expect(confirm.getByText('“Spring launch”')).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open hero.png' })).toBeVisible();

  // On a phone: the library and an asset, nothing off screen.
  await page.setViewportSize(phone);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open hero.png' })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Open brand-guide.pdf' }).click();
  await expect(page.getByRole('dialog', { name: 'brand-guide.pdf' })).toBeVisible();
  // Its preview: the first page, drawn by pdf.js in the browser.
  await expect(page.getByRole('img', { name: 'First page of brand-guide.pdf' })).toBeVisible({ timeout: 20_000 });
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page);
});

test('the quota is shown in the module, and a file over it is refused by its name before any byte is sent', async ({ browser }) => {
  test.setTimeout(120_000);
  // A server of its own with a 1 MB quota (ASSET_QUOTA_BYTES, a server setting).
  const small = await startE2EServer({ ASSET_QUOTA_BYTES: String(1024 * 1024) });
  const context = await browser.newContext({ baseURL: small.url, viewport: desktop });
  try {
    const page = await context.newPage();
    let tusRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/storage/v1/upload/resumable')) tusRequests += 1;
    });
    await signUpToDashboard(page);
    await page.goto(paths.marketing.creative);
    const meter = page.getByRole('meter', { name: 'Storage Used' });
    await expect(meter).toHaveAttribute('aria-valuetext', 'Storage used: 0 B of 1 MB');

    await page.getByLabel('Choose Files').setInputFiles([{ name: 'too-big.bin', mimeType: 'application/octet-stream', buffer: randomBytes(2 * 1024 * 1024) }]);
    const item = page.locator('section[aria-labelledby="upload-queue-title"] li', { hasText: 'too-big.bin' });
    await expect(item).toHaveAttribute('data-state', 'failed');
    await expect(item).toContainText('"too-big.bin" (2048 kB) does not fit: the workspace uses 0 bytes of its 1024 kB of storage.');
    expect(tusRequests).toBe(0);
    await expect(page.getByText('No assets yet')).toBeVisible();
    await expect(meter).toHaveAttribute('aria-valuetext', 'Storage used: 0 B of 1 MB');
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
    await small.stop();
  }
});

import { emailCopy } from '../src/config/email-copy';
import type { NewAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { contextWatchingFrameRemoval } from './support/frame-watch';
import { seedAccountWithData } from './support/seed';

/**
 * Issue 33: /marketing/email's served frame shows the page's tabs and, for a workspace that has sent nothing, the
 * overview's note — from the overview the shell's inline script read for the workspace the app will show — before the
 * app's script has run; the page then renders the same tabs and note in the same places, without a loading status in
 * between (docs/decisions/0017, session 12).
 */
let account: NewAccount;
test.beforeAll(async ({ server }) => {
  account = await seedAccountWithData(server);
});

test("/marketing/email: the frame shows the overview's note before the app's script runs, where the page then does", async ({ browser, server }) => {
  const context = await contextWatchingFrameRemoval(browser, server.url, account);
  const page = await context.newPage();
  const overviewReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/email_overview')) overviewReads.push(request.url());
  });
  // The app's scripts wait until the frame has been looked at.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.goto('/marketing/email', { waitUntil: 'commit' });
    const frameNote = page.locator('#app-frame main p').filter({ hasText: emailCopy.overview.sampleNote });
    await expect(frameNote).toBeVisible();
    const frameTab = page.locator('#app-frame main span').filter({ hasText: emailCopy.tabs.settings });
    const [noteBox, tabBox] = [await frameNote.boundingBox(), await frameTab.boundingBox()];
    release();
    await expect(page.locator('#app-frame')).toHaveCount(0);
    const pageNote = page.locator('#root main p').filter({ hasText: emailCopy.overview.sampleNote });
    await expect(pageNote).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __atRemoval?: string }).__atRemoval)).toContain(emailCopy.overview.sampleNote);
    const [pageNoteBox, pageTabBox] = [await pageNote.boundingBox(), await page.getByRole('tab', { name: emailCopy.tabs.settings }).boundingBox()];
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(pageNoteBox![side] - noteBox![side]), `note ${side}`).toBeLessThanOrEqual(1);
      expect(Math.abs(pageTabBox![side] - tabBox![side]), `tab ${side}`).toBeLessThanOrEqual(1);
    }
    // The app took the frame's overview: the page asked for it once.
    expect(overviewReads).toHaveLength(1);
  } finally {
    release();
    await context.close();
  }
});

import { analyticsCopy } from '../src/config/analytics-copy';
import type { NewAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { contextWatchingFrameRemoval } from './support/frame-watch';
import { seedAccountWithData, seedTexts } from './support/seed';

/**
 * Issue 33: /marketing/analytics's served frame shows the console's first card — the workspace's first site and its
 * snippet, from the sites the shell's inline script read for the workspace the app will show — before the app's script
 * has run; the page then renders the same snippet in the same place, without a loading status in between
 * (docs/decisions/0017, session 13).
 */
let account: NewAccount;
test.beforeAll(async ({ server }) => {
  account = await seedAccountWithData(server);
});

test("/marketing/analytics: the frame shows the site's snippet before the app's script runs, where the page then does", async ({ browser, server }) => {
  const context = await contextWatchingFrameRemoval(browser, server.url, account);
  const page = await context.newPage();
  const siteReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/analytics_sites')) siteReads.push(request.url());
  });
  // The app's scripts wait until the frame has been looked at.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.goto('/marketing/analytics', { waitUntil: 'commit' });
    const frameSnippet = page.locator('#app-frame main pre code');
    await expect(frameSnippet).toBeVisible();
    const snippet = await frameSnippet.textContent();
    expect(snippet).toContain(`src="${server.url}/analytics.js"`);
    await expect(page.locator('#app-frame main').getByText(`${seedTexts.analyticsSiteName} (`)).toBeVisible();
    const [snippetBox, titleBox] = [await frameSnippet.boundingBox(), await page.locator('#app-frame main p').filter({ hasText: new RegExp(`^${analyticsCopy.snippet.title}$`) }).boundingBox()];
    release();
    await expect(page.locator('#app-frame')).toHaveCount(0);
    const pageSnippet = page.getByTestId('analytics-snippet');
    await expect(pageSnippet).toHaveText(snippet!);
    expect(await page.evaluate(() => (window as unknown as { __atRemoval?: string }).__atRemoval)).toContain(snippet);
    const [pageSnippetBox, pageTitleBox] = [await pageSnippet.boundingBox(), await page.getByRole('heading', { level: 3, name: analyticsCopy.snippet.title, exact: true }).boundingBox()];
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(pageSnippetBox![side] - snippetBox![side]), `snippet ${side}`).toBeLessThanOrEqual(1);
      expect(Math.abs(pageTitleBox![side] - titleBox![side]), `snippet title ${side}`).toBeLessThanOrEqual(1);
    }
    // The app took the frame's sites: the page asked for them once.
    expect(siteReads).toHaveLength(1);
  } finally {
    release();
    await context.close();
  }
});

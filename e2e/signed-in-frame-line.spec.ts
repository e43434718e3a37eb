import type { NewAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { contextWatchingFrameRemoval } from './support/frame-watch';
import { seedAccountWithData } from './support/seed';

/**
 * Issue 33: on the pages whose line under the title names the workspace, the served frame shows that line — the
 * workspace's real name, from the account's first reads the shell's inline script made — before the app's script has
 * run, and the page then renders the same line in the same place (docs/decisions/0017, session 11).
 */
const pages = [
  { path: '/team', heading: 'Team' },
  { path: '/contacts', heading: 'Contacts' },
  { path: '/team/webhooks', heading: 'Webhooks' },
];

let account: NewAccount;
test.beforeAll(async ({ server }) => {
  account = await seedAccountWithData(server);
});

for (const { path, heading } of pages) {
  test(`${path}: the frame names the workspace before the app's script runs, where the page then does`, async ({ browser, server }) => {
    const context = await contextWatchingFrameRemoval(browser, server.url, account);
    const page = await context.newPage();
    // The app's scripts wait until the frame has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(path, { waitUntil: 'commit' });
      const frameLine = page.locator('#app-frame main p').filter({ hasText: ' · ' }).or(page.locator('#app-frame main p').filter({ hasText: 'The people of ' }));
      await expect(frameLine).toBeVisible();
      const text = await frameLine.textContent();
      const frameBox = await frameLine.boundingBox();
      release();
      await expect(page.locator('#app-frame')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const pageLine = page.locator('#root main p').filter({ hasText: text! });
      await expect(pageLine).toHaveText(text!);
      expect(text).toContain(`${account.companyName}`);
      expect(await page.evaluate(() => (window as unknown as { __atRemoval?: string }).__atRemoval)).toContain(text);
      const pageBox = await pageLine.boundingBox();
      for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(pageBox![side] - frameBox![side]), side).toBeLessThanOrEqual(1);
    } finally {
      release();
      await context.close();
    }
  });
}

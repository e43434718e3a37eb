import { signedInStorageEntry, type NewAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { layoutRoutes } from './support/layout-routes';
import { seedAccountWithData } from './support/seed';

/**
 * Issue 33: a signed-in page does not jump while its data arrives. The first load of every signed-in route, as
 * Lighthouse loads it (cold cache, 412 px, a member of a small seeded workspace whose session is in localStorage),
 * adds up the page's layout shifts (the Layout Instability API, as Lighthouse's CLS) until the network is idle, and
 * stays within 0.1 — "good" CLS. A failure names each shift's size and the elements that moved.
 */
const signedInRoutes = layoutRoutes.filter((route) => route.area === 'account');

let account: NewAccount;
test.beforeAll(async ({ server }) => {
  account = await seedAccountWithData(server);
});

for (const route of signedInRoutes) {
  test(`the first load of ${route.path} shifts its layout by at most 0.1`, async ({ browser, server }) => {
    const session = await signedInStorageEntry(server.url, account.email, account.password);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 823 } });
    await context.addInitScript(({ key, value }) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
      const record = { total: 0, shifts: [] as string[] };
      (window as unknown as { __layoutShifts: typeof record }).__layoutShifts = record;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
          if (entry.hadRecentInput) continue;
          record.total += entry.value;
          const moved = (entry.sources ?? []).map((source) => {
            const element = source.node instanceof Element ? source.node : null;
            const name = element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} “${(element.textContent ?? '').trim().slice(0, 40)}”` : 'a node';
            return `${name} y ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)}`;
          });
          record.shifts.push(`${entry.value.toFixed(3)}: ${moved.join('; ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }, session);
    const page = await context.newPage();
    try {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading }).first()).toBeVisible();
      if (route.ready) await expect(page.getByText(route.ready, { exact: true }).first()).toBeAttached();
      await page.waitForLoadState('networkidle');
      // Two frames after the last response: a shift caused by it is recorded by then.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const measured = await page.evaluate(() => (window as unknown as { __layoutShifts: { total: number; shifts: string[] } }).__layoutShifts);
      console.log(`layout shift of ${route.path}: ${measured.total.toFixed(3)}${measured.shifts.length ? ` (${measured.shifts.join(' | ')})` : ''}`);
      expect(measured.total, measured.shifts.join('\n')).toBeLessThanOrEqual(0.1);
    } finally {
      await context.close();
    }
  });
}

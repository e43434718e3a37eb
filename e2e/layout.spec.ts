import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ROOT_DIR } from '../server/src/project-paths';
import { submitSignIn } from './support/accounts';
import { loginAsAdmin } from './support/admin';
import { expect, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { layoutRoutes, signedOutOnlyRoutes, type LayoutRoute } from './support/layout-routes';
import { seedAccountWithData } from './support/seed';

/** Kept after the run (git-ignored): a person looks at every screen at both widths here. */
export const SCREENSHOT_DIR = path.join(ROOT_DIR, 'layout-screenshots');

const widths = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function openRoute(page: Page, route: LayoutRoute) {
  await page.goto(route.path);
  await expect(page.getByRole('heading', { level: 1, name: route.heading }).first()).toBeVisible({ timeout: 5_000 });
  if (route.ready) await expect(page.getByText(route.ready, { exact: true }).first()).toBeAttached({ timeout: 5_000 });
  // Hydrated, data loaded, nothing still spinning.
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/**
 * Each width's walk in two halves of as many routes each (the routes walked signed out go with the first), each its
 * own test: the file's tests run in parallel, so four tests of ~80 s go to whichever workers are free, where two of
 * ~170 s (the longest tests of the run) each held one worker and left the workers less even at the end.
 */
const firstHalf = Math.floor((layoutRoutes.length - signedOutOnlyRoutes.length) / 2);
const halves = [
  { part: 1, signedOut: signedOutOnlyRoutes, signedIn: layoutRoutes.slice(0, firstHalf) },
  { part: 2, signedOut: [], signedIn: layoutRoutes.slice(firstHalf) },
] as const;

test.describe.configure({ mode: 'parallel' });

for (const { name, width, height } of widths) {
  for (const { part, signedOut, signedIn } of halves) {
    test(`every route at ${width} px (${name}), part ${part} of 2: nothing wider than the screen, no cut text, every action reachable, axe clean`, async ({
      browser,
      server,
    }) => {
      // 19 routes, each checked with axe (about 60 % of the time): 200–290 s each at load 20 (the whole walk took
      // 150–175 s at load 7–10).
      test.setTimeout(300_000);
      const folder = path.join(SCREENSHOT_DIR, `${width}`, `part-${part}`);
      await rm(folder, { recursive: true, force: true });
      await mkdir(folder, { recursive: true });
      const account = await seedAccountWithData(server);

      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height } });
      const page = await context.newPage();
      const found: string[] = [];
      const check = async (route: LayoutRoute) => {
        const where = `${route.path} at ${width}px`;
        try {
          await openRoute(page, route);
        } catch (error) {
          found.push(`${where}: not shown: ${(error as Error).message.split('\n')[0]}`);
        }
        for (const problem of await layoutProblems(page)) found.push(`${where}: ${problem}`);
        for (const violation of await axeViolations(page)) found.push(`${where}: axe ${violation}`);
        const file = route.path === '/' ? 'home' : route.path.slice(1).replace(/[/?=]+/g, '_');
        await page.screenshot({ path: path.join(folder, `${file}.png`), fullPage: true, animations: 'disabled' });
      };

      try {
        for (const route of signedOut) await check(route);
        await page.goto('/auth');
        await submitSignIn(page, account.email, account.password);
        await expect(page).toHaveURL(/\/dashboard$/);
        await loginAsAdmin(page);
        for (const route of signedIn) await check(route);
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
    });
  }
}

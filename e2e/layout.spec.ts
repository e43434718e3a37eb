import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createSql } from '../server/src/db/client';
import { ROOT_DIR } from '../server/src/server';
import { newAccount, signUpThroughApi, submitSignIn } from './support/accounts';
import { loginAsAdmin } from './support/admin';
import type { E2EServer } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { layoutRoutes, layoutSeed, signedOutOnlyRoutes, type LayoutRoute } from './support/layout-routes';

/** Kept after the run (git-ignored): a person looks at every screen at both widths here. */
export const SCREENSHOT_DIR = path.join(ROOT_DIR, 'layout-screenshots');

const widths = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** A marketing user with a role, content items and campaigns, written straight into the database (fast). */
async function seedAccount(server: E2EServer) {
  const account = await signUpThroughApi(server.url, newAccount());
  const sql = createSql(server.databaseUrl, { max: 1 });
  try {
    const [profile] = await sql<{ user_id: string; organization_id: string }[]>`
      update public.profiles p set marketing_role = 'content_marketing_manager'
      from auth.users u where u.id = p.user_id and u.email = ${account.email}
      returning p.user_id, p.organization_id`;
    const { user_id: userId, organization_id: organizationId } = profile!;
    await sql`insert into public.content_items (organization_id, user_id, title, excerpt, status, content_type) values
      (${organizationId}, ${userId}, ${layoutSeed.contentTitle}, ${layoutSeed.contentExcerpt}, 'published', 'infographic'),
      (${organizationId}, ${userId}, 'Checklist', null, 'review', 'whitepaper'),
      (${organizationId}, ${userId}, ${'Supercalifragilisticexpialidociousnesses'}, ${'x'.repeat(120)}, 'archived', 'case_study')`;
    await sql`insert into public.campaigns (organization_id, user_id, type, title, description, status, budget, start_date, end_date, platforms) values
      (${organizationId}, ${userId}, 'advertising', ${layoutSeed.campaignTitle}, ${layoutSeed.campaignDescription}, 'completed', 1250000.5, '2026-03-01', '2026-05-31', ${['Google Ads', 'LinkedIn Ads']}),
      (${organizationId}, ${userId}, 'advertising', 'Brand', null, 'paused', null, null, null, '{}')`;
  } finally {
    await sql.end();
  }
  return account;
}

async function openRoute(page: Page, route: LayoutRoute) {
  await page.goto(route.path);
  await expect(page.getByRole('heading', { level: 1, name: route.heading }).first()).toBeVisible({ timeout: 5_000 });
  if (route.ready) await expect(page.getByText(route.ready, { exact: true }).first()).toBeVisible({ timeout: 5_000 });
  // Hydrated, data loaded, nothing still spinning.
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

test.describe.configure({ mode: 'parallel' });

for (const { name, width, height } of widths) {
  test(`every route at ${width} px (${name}): nothing wider than the screen, no cut text, every action reachable, axe clean`, async ({
    browser,
    server,
  }) => {
    test.setTimeout(180_000);
    const folder = path.join(SCREENSHOT_DIR, `${width}`);
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    const account = await seedAccount(server);

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
      for (const route of signedOutOnlyRoutes) await check(route);
      await page.goto('/auth');
      await submitSignIn(page, account.email, account.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await loginAsAdmin(page);
      for (const route of layoutRoutes) await check(route);
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
  });
}

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AGENCY_SITE_ID } from '../src/config/analytics';
import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { loginAsAdmin, toast } from './support/admin';
import { expect, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { withDatabase } from './support/seed';
import { serveSnippetPage, type SnippetPage } from './support/snippet-page';

// The journey of the issue: register a site, paste its snippet into a page served locally, visit it, and see the
// visit and a goal in the Analytics Console. One browser context: the console and the customer's page side by side.
let shop: SnippetPage | undefined;

test.afterAll(async () => {
  await shop?.close();
});

test('register a site, paste its snippet into a page, visit it, and see the visit and a goal in the console', async ({ page, context }) => {
  await signUpToDashboard(page);
  await page.goto(paths.marketing.analytics);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Console' })).toBeVisible();
  await expect(page.getByText('Add your first site to see its real visitors here.')).toBeVisible();
  await expect(page.getByText('Sample data').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a site' });
  await dialog.getByLabel('Domain').fill('not a domain');
  await dialog.getByRole('button', { name: 'Add site' }).click();
  await expect(dialog.getByText('Enter a name of up to 120 characters.')).toBeVisible();
  await expect(dialog.getByText('Enter a domain such as example.com (no path).')).toBeVisible();
  await dialog.getByLabel('Name').fill('Shop');
  await dialog.getByLabel('Domain').fill('http://localhost/');
  await dialog.getByRole('button', { name: 'Add site' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Shop added: paste its snippet into your pages')).toBeVisible();

  const snippet = (await page.getByTestId('analytics-snippet').textContent())!;
  expect(snippet).toMatch(/^<script defer src="http:\/\/127\.0\.0\.1:\d+\/analytics\.js" data-site="[0-9a-f-]{36}"/);
  shop = await serveSnippetPage(snippet);
  const visitor = await context.newPage();
  const sent = visitor.waitForResponse((response) => response.url().endsWith('/rpc/record_analytics_events'));
  await visitor.goto(`${shop.url}/landing?utm_source=newsletter`);
  expect((await sent).status()).toBe(200);
  const goal = visitor.waitForResponse((response) => response.url().endsWith('/rpc/record_analytics_events'));
  await visitor.getByRole('button', { name: 'Sign up' }).click();
  expect((await goal).status()).toBe(200);
  await visitor.close();

  // The figures are read on load; the visit may still be on its way into them: read again until it shows.
  const visitors = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Unique Visitors' }) });
  await expect(async () => {
    await page.reload();
    await expect(visitors.getByText('1', { exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('1 visitor in the last 5 minutes')).toBeVisible();
  const goals = page.getByRole('table', { name: 'Goals' });
  await expect(goals.getByRole('row', { name: /Signup/ })).toContainText('100%');
  // What the page sent with the goal (track('Signup', { plan: 'pro' })).
  await expect(page.getByRole('table', { name: 'Goal properties' }).getByRole('row', { name: /pro/ })).toContainText(/Signup\s*plan\s*pro\s*1\s*1/);
  await expect(page.getByRole('table', { name: 'Top Pages' }).getByRole('row', { name: /\/landing/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'UTM Sources' }).getByRole('row', { name: /newsletter/ })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^analytics-shop-\d{4}-\d{2}-\d{2}\.csv$/);
});

/** axe's violations on the page (or within `include`), as 'rule: target' lines. */
async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

test('at 375 px, the console without a site and the add-site dialog (with its errors) fit the screen and axe finds nothing', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  try {
    await signUpToDashboard(page);
    await page.goto(paths.marketing.analytics);
    await expect(page.getByText('Add your first site to see its real visitors here.')).toBeVisible();
    await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
    expect([...(await layoutProblems(page)), ...(await axeViolations(page))]).toEqual([]);

    await page.getByRole('button', { name: 'Add site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a site' });
    await expect(dialog).toBeVisible();
    // The dialog's opening animation is over before anything is measured.
    await expect.poll(() => dialog.evaluate((element) => element.getAnimations().length)).toBe(0);
    expect([...(await layoutProblems(page)), ...(await axeViolations(page, '[role="dialog"]'))]).toEqual([]);
    await dialog.getByLabel('Domain').fill('not a domain');
    await dialog.getByRole('button', { name: 'Add site' }).click();
    await expect(dialog.getByText('Enter a domain such as example.com (no path).')).toBeVisible();
    expect([...(await layoutProblems(page)), ...(await axeViolations(page, '[role="dialog"]'))]).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a site admin sees the agency website’s figures at /admin/analytics after a visit of a public page, and sets its domain', async ({ browser, page, server }) => {
  const visitor = await browser.newContext({ baseURL: server.url });
  const visit = await visitor.newPage();
  await visit.goto(paths.roi);
  await expect
    .poll(() => withDatabase(server, async (sql) => (await sql`select 1 from private.analytics_events where site_id = ${AGENCY_SITE_ID} and pathname = ${paths.roi}`).length))
    .toBeGreaterThan(0);
  await visitor.close();

  await loginAsAdmin(page);
  await page.goto(paths.adminAnalytics);
  await expect(page.getByRole('heading', { level: 1, name: 'Website Analytics' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top Pages' }).getByRole('row', { name: new RegExp(`^${paths.roi} `) })).toBeVisible();
  const visitors = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Unique Visitors' }) });
  await expect(visitors).toContainText(/^Unique Visitors[1-9]/);

  const domain = page.getByRole('textbox', { name: 'Domain' });
  try {
    await domain.fill('https://WWW.Agency-Site.example/');
    await page.getByRole('button', { name: 'Save domain' }).click();
    await expect(toast(page, 'Domain saved')).toBeVisible();
    await expect(domain).toHaveValue('agency-site.example');
    await expect
      .poll(() => withDatabase(server, async (sql) => (await sql<{ domain: string | null }[]>`select domain from public.analytics_sites where id = ${AGENCY_SITE_ID}`)[0]!.domain))
      .toBe('agency-site.example');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Domain' })).toHaveValue('agency-site.example');
  } finally {
    // Back to "the address that serves the API": the worker's other tests count the agency's pages on this server.
    await page.getByRole('textbox', { name: 'Domain' }).fill('');
    await page.getByRole('button', { name: 'Save domain' }).click();
    await expect
      .poll(() => withDatabase(server, async (sql) => (await sql<{ domain: string | null }[]>`select domain from public.analytics_sites where id = ${AGENCY_SITE_ID}`)[0]!.domain))
      .toBeNull();
  }
});

import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { expect, test } from './support/fixtures';
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

  await page.reload();
  const visitors = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Unique Visitors' }) });
  await expect(visitors.getByText('1', { exact: true })).toBeVisible();
  await expect(page.getByText('1 visitor in the last 5 minutes')).toBeVisible();
  const goals = page.getByRole('table', { name: 'Goals' });
  await expect(goals.getByRole('row', { name: /Signup/ })).toContainText('100%');
  await expect(page.getByRole('table', { name: 'Top Pages' }).getByRole('row', { name: /\/landing/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'UTM Sources' }).getByRole('row', { name: /newsletter/ })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^analytics-shop-\d{4}-\d{2}-\d{2}\.csv$/);
});

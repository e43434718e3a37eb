import type { Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { anonKeyOf, signUpToDashboard, storedAccessToken } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';

/**
 * Outgoing webhooks end to end: an owner reaches them from the Team screen, adds an endpoint (a private address is
 * refused by the URL field), copies its signing secret, sees a publication's delivery in the log, and deletes the
 * endpoint after confirming; at 1280 px and 375 px, axe clean.
 */

/** Publishes a content item of the signed-in user's workspace through the data API, as the Content Hub would. */
async function publishThroughApi(page: Page, baseURL: string, title: string) {
  const token = await storedAccessToken(page);
  const headers = { apikey: await anonKeyOf(baseURL), authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const [membership] = (await (await fetch(new URL('/rest/v1/organization_members?select=organization_id', baseURL), { headers })).json()) as { organization_id: string }[];
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  const response = await fetch(new URL('/rest/v1/content_items', baseURL), {
    method: 'POST',
    headers,
    body: JSON.stringify({ organization_id: membership!.organization_id, user_id: userId, title, status: 'published' }),
  });
  expect(response.status).toBe(201);
}

for (const width of [1280, 375]) {
  test(`an owner manages webhook endpoints and reads the delivery log at ${width} px`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await signUpToDashboard(page);
    await page.goto(paths.team);
    await page.getByRole('link', { name: /Webhooks/ }).click();
    await expect(page).toHaveURL(/\/team\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No endpoints yet')).toBeVisible();
    await expect(page.getByText('No deliveries yet')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an endpoint' });
    await dialog.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data/');
    await dialog.getByRole('button', { name: 'Save Endpoint' }).click();
    await expect(dialog.getByText(/points at 169\.254\.169\.254, a private, loopback, link-local or reserved address/)).toBeVisible();
    await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await dialog.getByLabel('URL').fill('https://hooks.example.com/catch/123/secret-token/');
    await dialog.getByLabel('Description').fill('Zapier to WordPress');
    await dialog.getByRole('checkbox', { name: 'content.unpublished' }).check();
    await dialog.getByRole('button', { name: 'Save Endpoint' }).click();

    const secret = page.getByRole('dialog', { name: 'Signing secret' });
    const field = secret.getByLabel('Secret');
    await expect(field).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await secret.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await field.inputValue());
    await expectNoAxeViolations(page);
    await secret.getByRole('button', { name: 'Done' }).click();

    const item = page.getByRole('region', { name: 'Endpoints' }).getByRole('listitem').filter({ hasText: 'Zapier to WordPress' });
    await expect(item.getByText('https://hooks.example.com', { exact: true })).toBeVisible();
    await expect(page.getByText('secret-token')).toHaveCount(0);

    await publishThroughApi(page, baseURL!, 'Launch post');
    // The event's job records the delivery in the background: the log shows it once it exists (read on load).
    const delivery = page.getByRole('region', { name: 'Delivery log' }).getByRole('listitem').filter({ hasText: 'content.published' });
    await expect(async () => {
      await page.reload();
      await expect(delivery).toHaveCount(1, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery.getByText(/https:\/\/hooks\.example\.com/)).toBeVisible();
    await delivery.getByRole('button', { name: 'Show the attempts of this content.published delivery' }).click();
    await expect(delivery.getByRole('button', { name: 'Show the attempts of this content.published delivery' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await item.getByRole('button', { name: 'Delete the endpoint at https://hooks.example.com' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the endpoint at https://hooks.example.com?' });
    await confirm.getByRole('button', { name: 'Delete Endpoint' }).click();
    await expect(page.getByText('No endpoints yet')).toBeVisible();
    await expect(page.getByText('No deliveries yet')).toBeVisible();
    await context.close();
  });
}

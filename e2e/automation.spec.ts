import type { Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { anonKeyOf, signUpToDashboard, storedAccessToken } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';

/**
 * Automation end to end (issue 29, first pass): a member starts the welcome series from its template, adds a
 * condition with the keyboard-only step list, is told by that step why publishing is refused, removes it, publishes,
 * and sees a contact tagged "newsletter" through the data API enter the workflow and wait at its first wait; at
 * 1280 px and 375 px, axe clean.
 */

/** A contact of the signed-in user's workspace, created through the data API (as a form or import would). */
async function addContactThroughApi(page: Page, baseURL: string, email: string) {
  const token = await storedAccessToken(page);
  const headers = { apikey: await anonKeyOf(baseURL), authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const [membership] = (await (await fetch(new URL('/rest/v1/organization_members?select=organization_id', baseURL), { headers })).json()) as { organization_id: string }[];
  const response = await fetch(new URL('/rest/v1/contacts', baseURL), {
    method: 'POST',
    headers,
    body: JSON.stringify({ organization_id: membership!.organization_id, first_name: 'Nora', email, tags: ['newsletter'] }),
  });
  expect(response.status).toBe(201);
}

for (const width of [1280, 375]) {
  test(`a member builds the welcome series from its template with the keyboard and publishes it at ${width} px`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUpToDashboard(page);
    await page.goto(paths.marketing.automation);
    await expect(page.getByRole('heading', { level: 1, name: /Automation/ })).toBeVisible();
    await expect(page.getByText('No workflows yet')).toBeVisible();
    await expect(page.getByText('Sample data')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Use template: Welcome series' }).click();
    const workflows = page.getByRole('region', { name: 'Workflows' });
    await expect(workflows.getByRole('heading', { name: 'Welcome series' })).toBeVisible();
    await expect(workflows.getByText('Draft', { exact: true })).toBeVisible();

    await workflows.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit “Welcome series”' });
    await expect(editor.getByRole('heading', { level: 4, name: /^Step 1 \(welcome\)/ })).toBeVisible();
    // Keyboard only: choose a condition, place it after step 1, add it.
    await editor.getByLabel('Kind of step').focus();
    await editor.getByLabel('Kind of step').selectOption('condition');
    await page.keyboard.press('Tab');
    await editor.getByLabel('Place it after').selectOption({ label: '1. Send e-mail “Welcome, {{first_name}}!”' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(editor.getByRole('heading', { level: 4, name: /^Step 2 \(condition-1\)/ })).toBeFocused();

    await editor.getByRole('button', { name: 'Publish' }).click();
    const refusal = editor.getByRole('alert');
    await expect(refusal).toHaveText('Step “condition-1”: name the tag the condition checks.');
    await expect(editor.getByRole('heading', { level: 4, name: /^Step 2 \(condition-1\)/ })).toBeFocused();
    await expectNoAxeViolations(page);

    await editor.getByRole('button', { name: 'Remove step 2' }).click();
    await editor.getByRole('button', { name: 'Publish' }).click();
    await expect(editor).toBeHidden();
    await expect(workflows.getByText('Published', { exact: true })).toBeVisible();

    await addContactThroughApi(page, baseURL!, `nora-${width}-${Date.now()}@example.com`);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('region', { name: 'Workflows' }).getByText('Wait 2 days: 1')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const card = page.getByRole('region', { name: 'Workflows' }).getByRole('listitem').first();
    await expect(card.getByText('Entered').locator('..')).toContainText('1');
    await expect(page.getByText('Sample data')).toBeHidden();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await context.close();
  });
}

import type { Locator, Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { newAccount, signUpToDashboard } from './support/accounts';
import { startE2EServer } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations } from './support/page-checks';

/** Picks an option of a Radix select named by its label. */
async function choose(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('Content Hub: create, edit and delete a content item with the exact toasts', async ({ page }) => {
  await signUpToDashboard(page);
  await page.goto(paths.marketing.content);
  await expect(page.getByRole('heading', { level: 1, name: 'Content Hub' })).toBeVisible();
  const card = page.locator('div.rounded-lg', { has: page.getByRole('heading', { name: 'Content Items' }) });
  await expect(card.getByRole('heading', { name: 'No content items yet' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Create.
  await card.getByRole('button', { name: 'Create Your First Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Content' });
  await expect(dialog.getByRole('combobox', { name: 'Content Type' })).toHaveText('Article');
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Draft');
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Ten Ways to Measure Website ROI');
  await choose(dialog, page, 'Content Type', 'Case Study');
  await choose(dialog, page, 'Status', 'In Review');
  const excerpt = 'How our clients track conversions, leads and revenue from their new websites, step by step, with the tools they already have.';
  await dialog.getByRole('textbox', { name: 'Excerpt', exact: true }).fill(excerpt);
  await dialog.getByRole('textbox', { name: 'Featured Image URL', exact: true }).fill('https://example.com/roi.png');
  await dialog.getByRole('textbox', { name: 'Tags', exact: true }).fill(' roi, analytics,, growth ');
  await dialog.getByRole('textbox', { name: 'SEO Title', exact: true }).fill('Measuring Website ROI');
  await expect(dialog.getByText('21/60 characters recommended')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save Content' }).click();
  await expect(toast(page, 'Content created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = card.getByRole('row', { name: /Ten Ways to Measure Website ROI/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(0)).toHaveText(`Ten Ways to Measure Website ROI${excerpt.slice(0, 100).trimEnd()}...`);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Case Study');
  await expect(row.getByRole('cell').nth(2)).toHaveText('In Review');
  const today = await page.evaluate(() => new Date().toLocaleDateString());
  await expect(row.getByRole('cell').nth(3)).toHaveText(today);
  await expectNoAxeViolations(page);

  // Edit: the stored values come back, tags as text.
  await row.getByRole('button', { name: 'Edit Ten Ways to Measure Website ROI' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Content' });
  await expect(edit.getByRole('textbox', { name: 'Tags', exact: true })).toHaveValue('roi, analytics, growth');
  await expect(edit.getByRole('combobox', { name: 'Content Type' })).toHaveText('Case Study');
  await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('Twelve Ways to Measure Website ROI');
  await choose(edit, page, 'Status', 'Published');
  await edit.getByRole('button', { name: 'Save Content' }).click();
  await expect(toast(page, 'Content updated successfully!')).toBeVisible();
  await expect(edit).toBeHidden();

  // Stored: a reload shows the change.
  await page.reload();
  const updated = page.getByRole('row', { name: /Twelve Ways to Measure Website ROI/ });
  await expect(updated.getByRole('cell').nth(2)).toHaveText('Published');

  // Delete, after the confirmation.
  await updated.getByRole('button', { name: 'Delete Twelve Ways to Measure Website ROI' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this content item?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Content item deleted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No content items yet' })).toBeVisible();
});

test('Ad Console: create, open, edit and delete a campaign with the exact toasts; a failed save keeps the dialog', async ({ page }) => {
  await signUpToDashboard(page);
  await page.goto(paths.marketing.advertising);
  await expect(page.getByRole('heading', { level: 1, name: 'Ad Console' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create Campaign', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Summer Website Sale');
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Paid search and social push for the summer website packages.');
  await choose(dialog, page, 'Status', 'Active');
  await dialog.getByRole('spinbutton', { name: 'Budget (USD)' }).fill('2500.75');
  await dialog.getByLabel('Start Date').fill('2026-07-01');
  await dialog.getByLabel('End Date').fill('2026-07-31');
  await dialog.getByRole('textbox', { name: 'Target Audience', exact: true }).fill('Small business owners');
  await dialog.getByRole('textbox', { name: 'Goals', exact: true }).fill('300 qualified leads');
  // Keyboard: Tab to a checkbox, Space ticks it.
  await dialog.getByRole('group', { name: 'Execution Methods' }).getByRole('checkbox', { name: 'Search Ads' }).focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('group', { name: 'Platforms' }).getByRole('checkbox', { name: 'LinkedIn Ads' }).check();
  await dialog.getByRole('group', { name: 'Platforms' }).getByRole('checkbox', { name: 'Google Ads' }).check();
  await dialog.getByRole('group', { name: 'Ad Collateral' }).getByRole('checkbox', { name: 'Landing Pages' }).check();
  await expectNoAxeViolations(page);

  // A failed request (network down for this one call) keeps everything typed. Only the first POST fails: a route
  // with `{ times: 1 }` would be used up by any list read that comes first, and the save would then succeed.
  let saveFailed = false;
  await page.route('**/rest/v1/campaigns*', (route) => {
    if (saveFailed || route.request().method() !== 'POST') return route.fallback();
    saveFailed = true;
    return route.abort('failed');
  });
  await dialog.getByRole('button', { name: 'Save Campaign' }).click();
  await expect(toast(page, 'Error saving campaign')).toContainText('Please try again');
  await page.unroute('**/rest/v1/campaigns*');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Summer Website Sale');
  await expect(dialog.getByRole('spinbutton', { name: 'Budget (USD)' })).toHaveValue('2500.75');
  await expect(dialog.getByRole('checkbox', { name: 'LinkedIn Ads' })).toBeChecked();

  await dialog.getByRole('button', { name: 'Save Campaign' }).click();
  await expect(toast(page, 'Campaign created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Summer Website Sale' }) });
  await expect(row).toContainText('Paid search and social push for the summ...');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row).toContainText('$2,500.75');

  // Open with the keyboard: everything about the campaign.
  const view = row.getByRole('button', { name: 'View Summer Website Sale' });
  await view.focus();
  await page.keyboard.press('Enter');
  await expect(view).toHaveAttribute('aria-expanded', 'true');
  const details = page.getByRole('region', { name: 'Summer Website Sale' });
  await expect(details).toContainText('Paid search and social push for the summer website packages.');
  await expect(details).toContainText('Advertising');
  await expect(details).toContainText('Small business owners');
  await expect(details).toContainText('300 qualified leads');
  await expect(details).toContainText('Search Ads');
  await expect(details).toContainText('Google AdsLinkedIn Ads');
  await expect(details).toContainText('Landing Pages');
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: 'Edit Summer Website Sale' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Campaign' });
  await expect(edit.getByRole('checkbox', { name: 'Search Ads' })).toBeChecked();
  await edit.getByRole('spinbutton', { name: 'Budget (USD)' }).fill('');
  await choose(edit, page, 'Status', 'Paused');
  await edit.getByRole('button', { name: 'Save Campaign' }).click();
  await expect(toast(page, 'Campaign updated successfully!')).toBeVisible();
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  // The row stays open: its budget and the open details both say N/A now.
  await expect(row.getByText('N/A', { exact: true })).toHaveCount(2);

  await row.getByRole('button', { name: 'Delete Summer Website Sale' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this campaign?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Campaign deleted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
});

test('a user of another organization sees empty states, not the first organization’s items', async ({ page, browser, baseURL }) => {
  await signUpToDashboard(page);
  await page.goto(paths.marketing.content);
  await page.getByRole('button', { name: 'Create Your First Content' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Title', exact: true }).fill('Organization A plan');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Content' }).click();
  await expect(page.getByRole('row', { name: /Organization A plan/ })).toBeVisible();
  await page.goto(paths.marketing.advertising);
  await page.getByRole('button', { name: 'Create Your First Campaign' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Title', exact: true }).fill('Organization A campaign');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Campaign' }).click();
  await expect(page.getByRole('heading', { name: 'Organization A campaign' })).toBeVisible();

  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await signUpToDashboard(otherPage, newAccount({ firstName: 'Mallory' }));
    await otherPage.goto(paths.marketing.content);
    await expect(otherPage.getByRole('heading', { name: 'No content items yet' })).toBeVisible();
    await expect(otherPage.getByText('Organization A plan')).toHaveCount(0);
    await otherPage.goto(paths.marketing.advertising);
    await expect(otherPage.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
    await expect(otherPage.getByText('Organization A campaign')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('a failed save (server stopped) keeps the content dialog open with the typed values', async ({ browser }) => {
  const server = await startE2EServer();
  const context = await browser.newContext({ baseURL: server.url });
  let stopped = false;
  try {
    const page = await context.newPage();
    await signUpToDashboard(page);
    await page.goto(paths.marketing.content);
    await page.getByRole('button', { name: 'Create Your First Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Content' });
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Written while the server goes down');
    await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill('A long body that must not be lost.');
    await dialog.getByRole('textbox', { name: 'Tags', exact: true }).fill('resilience, drafts');

    await server.stop();
    stopped = true;
    await dialog.getByRole('button', { name: 'Save Content' }).click();
    await expect(toast(page, 'Error saving content')).toContainText('Please try again');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Written while the server goes down');
    await expect(dialog.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue('A long body that must not be lost.');
    await expect(dialog.getByRole('textbox', { name: 'Tags', exact: true })).toHaveValue('resilience, drafts');
    await expect(dialog.getByRole('button', { name: 'Save Content' })).toBeEnabled();
  } finally {
    await context.close();
    if (!stopped) await server.stop();
  }
});

import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { signUpToDashboard } from './support/accounts';
import { loginAsAdmin, openPage } from './support/admin';
import { expect, test } from './support/fixtures';

/**
 * Leads and contacts end to end: a visitor's message through the site admin's inbox to a CSV file, and a
 * workspace importing contacts, filtering the hot ones and changing a scoring rule. One browser context per person.
 */

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`))).toEqual([]);
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  return context.newPage();
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function outboxSubjects(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.map(async (file) => (JSON.parse(await readFile(path.join(dir, file), 'utf8')) as { subject: string }).subject));
}

async function csvFile(name: string, lines: string[]): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'bb-contacts-')), name);
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

async function importCsv(page: Page, file: string, importButton: RegExp, onPreview?: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Lines whose email is already a contact' })).toHaveText('Skip them');
  await onPreview?.(dialog);
  await dialog.getByRole('button', { name: importButton }).click();
  return dialog;
}

test('a visitor’s message reaches the leads inbox: the site admin reads it, marks it contacted and exports it', async ({ browser, server }) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36);
  const name = `Ada Visitor ${suffix}`;
  const formula = '=HYPERLINK("http://evil.example","open me")';

  const visitor = await newPage(browser, server.url);
  await openPage(visitor, '/contact');
  await visitor.getByLabel('Name').fill(name);
  await visitor.getByLabel('Email').fill(`ada-${suffix}@example.com`);
  await visitor.getByLabel('Company (optional)').fill(formula);
  await visitor.getByLabel('Message').fill('We need a new website for our bakery chain.\nCan you call us next week?');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByText('Thank you! Your message has been sent.')).toBeVisible();
  await visitor.context().close();

  const admin = await newPage(browser, server.url);
  await loginAsAdmin(admin);
  const leadsLink = admin.getByRole('navigation', { name: /admin/i }).getByRole('link', { name: /Leads/ });
  await expect(leadsLink.getByTestId('new-leads-count')).toHaveText(/^\d+ new$/);
  await leadsLink.click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await admin.getByLabel('Search leads').fill(suffix);
  await admin.getByRole('button', { name: `Open the lead from ${name}` }).click();

  const dialog = admin.getByRole('dialog', { name });
  await expect(dialog.getByText('Can you call us next week?')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute('href', `mailto:ada-${suffix}@example.com?subject=Your%20message%20to%20Beyond%20Brochures`);
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await admin.getByRole('option', { name: 'Contacted', exact: true }).click();
  await dialog.getByLabel('Internal note').fill('Called on Monday: sends the brief on Friday.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(admin, 'Lead updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  await admin.getByRole('combobox', { name: 'Status' }).click();
  await admin.getByRole('option', { name: 'Contacted', exact: true }).click();
  await expect(admin.getByText('Contacted', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(admin);

  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Name,E-mail,Company,Message,Status,Note,Received');
  const row = lines.find((line) => line.startsWith(name))!;
  // The visitor's formula is text in a spreadsheet: a leading apostrophe, quotes doubled.
  expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""open me"")"`);
  expect(row).toContain(',Contacted,Called on Monday: sends the brief on Friday.,');
  await admin.context().close();

  // The site admin was told by e-mail (the outbox of the own server's mail worker).
  await expect.poll(() => outboxSubjects(server.dataDir), { timeout: 10_000 }).toContainEqual(expect.stringContaining(`New lead from ${name}`));
});

test('a workspace imports contacts, filters the hot ones, edits a rule and sees bands change; 10,000 rows import with a progress bar', async ({ browser, server }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, server.url);
  await signUpToDashboard(page);
  await openPage(page, '/contacts');
  await expect(page.getByText('No contact yet.', { exact: false })).toBeVisible();

  // A HubSpot-style export: stage and source as HubSpot writes them, a bad address, a repeated address.
  const file = await csvFile('hubspot-contacts.csv', [
    'First Name,Last Name,Email,Company Name,Job Title,Lifecycle Stage,Original Source,Tags',
    'Dana,Reyes,dana@northwind.example,Northwind,Marketing Director,salesqualifiedlead,Referral,vip',
    'Li,Wei,li@contoso.example,Contoso,Analyst,lead,Website,',
    'Sam,Stone,sam@fabrikam.example,Fabrikam,Head of Sales,customer,Event,',
    'Bad,Row,not-an-address,,,,,',
    'Dana,Again,DANA@northwind.example,,,,,',
  ]);
  const dialog = await importCsv(page, file, /^Import 4 rows, skip 1 lines$/, async (preview) => {
    // "Import nothing if any line is bad": the bad line stops the import; back to importing the good lines.
    const badLines = preview.getByRole('combobox', { name: 'Lines with errors' });
    await badLines.click();
    await page.getByRole('option', { name: 'Import nothing if any line is bad' }).click();
    await expect(preview.getByRole('alert')).toContainText('Nothing will be imported: 1 lines have errors');
    await expect(preview.getByText('Line 5:')).toBeVisible();
    await expect(preview.getByRole('button', { name: /^Import 4 rows, skip 1 lines$/ })).toBeDisabled();
    await badLines.click();
    await page.getByRole('option', { name: 'Import only the good lines' }).click();
  });
  await expect(dialog.getByText('Import finished')).toBeVisible();
  await expect(dialog.getByText('3 new')).toBeVisible();
  await expect(dialog.getByText('Skipped lines: 5')).toBeVisible();
  await expect(dialog.getByText('1 rows were not imported:')).toBeVisible();
  await expect(dialog.getByText('Line 6: Same e-mail as line 2 of this file.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('3 contacts shown')).toBeVisible();

  // Hot: Dana (sales qualified 55 + referral 20 + director 15). Sam is warm (customer 45 + event 10 + head 10).
  await page.getByRole('combobox', { name: 'Band' }).click();
  await page.getByRole('option', { name: 'Hot (80–100)' }).click();
  await expect(page.getByText('1 contact shown')).toBeVisible();
  await expect(page.getByText('Dana Reyes')).toBeVisible();
  await expectNoAxeViolations(page);

  // The customer rule worth 70: Sam scores 90 and joins the hot ones.
  const points = page.getByLabel('Points for: Lifecycle stage is Customer');
  await points.fill('70');
  await points.press('Enter');
  await expect(toast(page, 'Scoring rules updated: scores recomputed')).toBeVisible();
  await expect(page.getByText('2 contacts shown')).toBeVisible();
  await expect(page.getByText('Sam Stone')).toBeVisible();

  // 10,000 rows through the same wizard: a progress bar, then the summary.
  const bulk = await csvFile('bulk.csv', ['Email,First Name,Lifecycle Stage', ...Array.from({ length: 10_000 }, (_, n) => `bulk${n}@example.com,Person ${n},lead`)]);
  const started = Date.now();
  const bulkDialog = await importCsv(page, bulk, /^Import 10000 rows$/);
  await expect(bulkDialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(bulkDialog.getByText('10000 new')).toBeVisible({ timeout: 60_000 });
  test.info().annotations.push({ type: '10,000-row import (ms)', description: String(Date.now() - started) });
  await page.context().close();
});

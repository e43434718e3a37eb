import path from 'node:path';
import { expect, test } from '@playwright/test';
import { paths } from '../src/config/paths';
import { ROOT_DIR } from '../server/src/project-paths';
import { document as pageDocument, startFixtureSite, type FixturePage, type FixtureSite } from '../tests/support/seo-fixture-site';
import { signUpToDashboard } from './support/accounts';
import { startE2EServer, type E2EServer } from './support/e2e-server';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';

/**
 * Issue 31's journey on the real server and its job runner: a member adds a site (a private address is refused by the
 * field), runs an audit of the local fixture site, opens an issue, sees its pages and one page with all its issues,
 * runs a second audit after a fix (changes: one fixed; the health history has two points), and imports a Search
 * Console CSV through the import wizard; sample figures only before the first audit; at 1280 and 375 px, axe clean.
 * The server may crawl 127.0.0.2 (OUTBOUND_ALLOW_PRIVATE), where the fixture site listens; 127.0.0.1 stays refused.
 */

let server: E2EServer;
let site: FixtureSite;
let untitled: FixturePage;

test.beforeAll(async () => {
  site = await startFixtureSite();
  untitled = site.pages['/no-title']!;
  server = await startE2EServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' });
});

test.afterAll(async () => {
  await server?.stop();
  await site?.close();
});

for (const width of [1280, 375]) {
  test(`a member audits a site, follows an issue to its pages, compares two audits and imports Search Console data at ${width} px`, async ({ browser }) => {
    test.setTimeout(180_000);
    site.pages['/no-title'] = untitled;
    const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUpToDashboard(page);
    await page.goto(paths.marketing.seo);
    await expect(page.getByText('No site audited yet')).toBeVisible();
    // An empty workspace sees the spec's sample figures, marked as such.
    await expect(page.getByText('Sample data')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Add site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a site to audit' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Woodshop');
    await dialog.getByRole('textbox', { name: 'Home page address' }).fill('http://127.0.0.1/');
    await dialog.getByRole('textbox', { name: 'Pause between requests (ms)' }).fill('0');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The server refuses an address it would never fetch, and says why; nothing typed is lost.
    await expect(page.getByText(/loopback/).first()).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Woodshop');
    await dialog.getByRole('textbox', { name: 'Home page address' }).fill(`${site.origin}/`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No audit yet. Run the first one to see this site’s health and issues.')).toBeVisible();

    await page.getByRole('button', { name: 'Run audit' }).click();
    await expect(page.getByText(/^Last audit .*: 2\d pages crawled\.$/)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Run audit' })).toBeEnabled();
    // The module's figures come from the audit now: no sample left.
    await expect(page.getByText('Sample data')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Key Metrics' }).getByText('of 100, latest audit')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // The issues, most pressing first; one opens with why it matters, how to fix it and its pages.
    await page.getByRole('button', { name: 'Open: Images without alt text' }).click();
    await expect(page.getByRole('heading', { name: 'Images without alt text' })).toBeVisible();
    await expect(page.getByText('Why it matters')).toBeVisible();
    await expect(page.getByText('How to fix it')).toBeVisible();
    const affected = page.getByRole('button', { name: /^Open page / });
    await expect(affected).toHaveCount(1);
    await expect(affected).toHaveText(`${site.origin}/images`);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // The page view: every issue of that page.
    await affected.click();
    await expect(page.getByText('Issues on this page')).toBeVisible();
    await expect(page.getByText(`${site.origin}/images`).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Images without alt text/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'All issues' }).click();

    // The page without a title gets one; a second audit says what was fixed, and the history has two points.
    site.pages['/no-title'] = { html: pageDocument('/no-title', { title: 'Woodshop page that has a title now', body: '<h1>Titled</h1>' }) };
    await page.getByRole('button', { name: 'Run audit' }).click();
    await expect(page.getByRole('combobox', { name: 'Audit' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Changes' }).click();
    await expect(page.getByText(/^0 new · 1 fixed · \d+ still open$/)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Title is missing' }).filter({ hasText: `${site.origin}/no-title` })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('tab', { name: 'Health history' }).click();
    const history = page.getByRole('figure', { name: 'Health score over time' });
    await history.getByText('Show the figures as a table').click();
    await expect(history.getByRole('table').getByRole('row')).toHaveCount(3);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // Keywords: the Search Console export by day, through the import wizard.
    await page.getByRole('tab', { name: 'Keywords' }).click();
    await page.getByRole('button', { name: 'Import Search Console data' }).click();
    const period = page.getByRole('dialog', { name: 'Import Search Console data' });
    // Open before axe looks (a check started before the dialog rendered would not wait for its fade-in).
    await expect(period).toBeVisible();
    await expectNoAxeViolations(page);
    await period.getByRole('button', { name: 'Choose the file' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import Search Console data' });
    await wizard.getByLabel('CSV file').setInputFiles(path.join(ROOT_DIR, 'tests/fixtures/search-console/queries-by-day.csv'));
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectNoAxeViolations(page);
    await wizard.getByRole('button', { name: 'Import 4 rows' }).click();
    await expect(wizard.getByText('4 new')).toBeVisible();
    await wizard.getByRole('button', { name: 'Done' }).click();
    await expect(wizard).toBeHidden();

    const keywords = page.getByRole('region', { name: 'Keywords' });
    await expect(keywords.getByRole('button', { name: 'Details of “oak table”' })).toBeVisible();
    await expect(keywords.getByRole('button', { name: 'Details of “handmade chairs”' })).toBeVisible();
    await keywords.getByRole('button', { name: 'Details of “oak table”' }).click();
    const detail = page.getByRole('region', { name: 'Details of “oak table”' });
    await expect(detail.getByText('https://woodshop.example/tables')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await context.close();
  });
}

import type { Locator, Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { signUpToDashboard, submitSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { seedAccountWithData, withDatabase } from './support/seed';
import { expectNoAxeViolations } from './support/page-checks';

/**
 * Issue 18's journey, in one browser context and one workspace: an empty workspace's marked sample figures; a campaign
 * whose 90 days of results come from a single-platform CSV file (no Platform column: chosen in the wizard) and change
 * the overview, the chart, the pacing and the Executive Overview (a re-import changes nothing); a content item
 * scheduled with Schedule Publishing and moved on the Editorial Calendar with the mouse and with the keyboard. Then
 * the figures' dialogs and the phone month view at 375 px: nothing wider than the screen, axe clean.
 */

async function choose(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The browser's local day `offset` days from today, as YYYY-MM-DD. */
const dayFromToday = (page: Page, offset: number) =>
  page.evaluate((days) => {
    const date = new Date();
    date.setDate(date.getDate() + days);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, offset);

/** The browser's local day of a stored timestamp, as YYYY-MM-DD. */
const localDayOf = (page: Page, timestamp: Date) =>
  page.evaluate((at) => {
    const date = new Date(at);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, timestamp.toISOString());

test('marked samples for an empty workspace; a 90-day CSV import fills the Ad Console and the Executive Overview, a re-import changes nothing; a content item is scheduled, then moved on the calendar with the mouse and the keyboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpToDashboard(page);
  const overview = page.getByRole('region', { name: /Platform Overview/ });
  await expect(overview.getByText('Sample data')).toBeVisible();
  await expect(overview.getByText(/Create your first campaign or content item/)).toBeVisible();
  await page.goto(paths.marketing.content);
  await expect(page.getByRole('region', { name: /Content Overview/ }).getByText('Sample data')).toBeVisible();

  await page.goto(paths.marketing.advertising);
  const adOverview = page.getByRole('region', { name: /Advertising Overview/ });
  await expect(adOverview.getByText('Sample data')).toBeVisible();
  await expect(adOverview.getByText('$12,450')).toBeVisible();

  // A campaign, active, with a budget from 89 days ago and no end date.
  await page.getByRole('button', { name: 'Create Your First Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Autumn Sale');
  await choose(dialog, page, 'Status', 'Active');
  await dialog.getByRole('spinbutton', { name: 'Budget (USD)' }).fill('5000');
  await dialog.getByLabel('Start Date').fill(await dayFromToday(page, -89));
  await dialog.getByRole('button', { name: 'Save Campaign' }).click();
  await expect(dialog).toBeHidden();

  // 90 days of results as a single ad platform exports them (no Platform column): $10 spend and $40 revenue a day.
  const lines = ['Day,Impr.,Clicks,Conv.,Cost,Conv. value'];
  for (let offset = -89; offset <= 0; offset++) lines.push(`${await dayFromToday(page, offset)},"1,000",50,2,$10.00,40`);
  const csv = { name: 'autumn-sale.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) };

  await page.getByRole('button', { name: 'View Autumn Sale' }).click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import results: Autumn Sale' });
  await wizard.getByLabel('CSV file').setInputFiles(csv);
  await expect(wizard.getByText('Step 2 of 4: Match the columns')).toBeVisible();
  await expect(wizard.getByRole('combobox', { name: 'Spend' })).toHaveText('Cost');
  await choose(wizard, page, 'Platform (required)', 'Every line: Google Ads');
  await expectNoAxeViolations(page);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('All 90 rows are ready to import.')).toBeVisible();
  await expect(wizard.getByRole('cell', { name: 'Google Ads' }).first()).toBeVisible();
  await wizard.getByRole('button', { name: 'Import 90 rows' }).click();
  await expect(wizard.getByText('90 new')).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();

  // The overview, the pacing and the chart now come from these results (last 30 days: $300 spend, $1,200 revenue).
  const realOverview = page.getByRole('region', { name: 'Advertising Overview' });
  await expect(realOverview.getByRole('listitem').filter({ hasText: 'Total Ad Spend' })).toContainText('$300');
  await expect(realOverview.getByRole('listitem').filter({ hasText: 'Return on Ad Spend' })).toContainText('4x');
  await expect(realOverview.getByText('Sample data')).toHaveCount(0);
  // The budget is paced over the campaign's dates: 90 days × $10 since its start, no end date.
  await expect(page.getByRole('progressbar', { name: 'Autumn Sale' })).toHaveAttribute('aria-valuenow', '18'); // $900 of $5,000
  await expect(page.getByText(/^\$900 of \$5,000 spent since .+, no end date$/)).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Spend and revenue over time', exact: true });
  await chart.getByText('Show the figures as a table').click();
  await expect(chart.getByRole('table').getByRole('row')).toHaveCount(31); // header + 30 days
  await page.getByRole('region', { name: 'Campaign Performance' }).getByRole('button', { name: 'Last 90 days' }).click();
  await expect(chart.getByRole('table').getByRole('row')).toHaveCount(91);
  await expectNoAxeViolations(page);

  // The same file again: nothing doubles.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await wizard.getByLabel('CSV file').setInputFiles(csv);
  await choose(wizard, page, 'Platform (required)', 'Every line: Google Ads');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Import 90 rows' }).click();
  await expect(wizard.getByText('90 already imported (unchanged)')).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(realOverview.getByRole('listitem').filter({ hasText: 'Total Ad Spend' })).toContainText('$300');

  // The Executive Overview from the same workspace: the active campaign's budget, ROI of the last 30 days (1,200 − 300) ÷ 300.
  await page.goto(paths.marketing.director);
  const executive = page.getByRole('region', { name: 'Executive Overview' });
  const stat = (label: string) => executive.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
  await expect(stat('Total Budget')).toContainText('$5,000');
  await expect(stat('Active Campaigns')).toContainText(/^Active Campaigns1(?!\d)/);
  await expect(stat('ROI')).toContainText('300%');
  await expect(executive.getByText('Sample data')).toHaveCount(0);

  await page.goto(paths.marketing.content);
  // No content yet: one Editorial Calendar, the marked sample, not an empty real one beside it.
  await expect(page.getByRole('region', { name: /Content Overview/ }).getByText('Sample data')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Editorial Calendar' })).toHaveCount(1);

  // Days of next month's grid (scheduled moments are in the future), so every move stays in view: the 10th, 12th,
  // 13th and 14th.
  const month = await page.evaluate(() => {
    const date = new Date();
    date.setDate(1);
    date.setMonth(date.getMonth() + 1);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
  });
  const [planned, dropped, keyed, keyedTwice] = [`${month}-10`, `${month}-12`, `${month}-13`, `${month}-14`];
  await page.getByRole('button', { name: 'Create Your First Content' }).click();
  const contentDialog = page.getByRole('dialog', { name: 'Create Content' });
  await contentDialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Launch story');
  await contentDialog.getByRole('button', { name: 'Save Content' }).click();
  await expect(contentDialog).toBeHidden();

  // Schedule Publishing: the item and its moment.
  await page.getByRole('button', { name: 'Schedule Publishing' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule Publishing' });
  await expect(schedule.getByRole('combobox', { name: 'Content item' })).toHaveText('Launch story');
  await schedule.getByLabel('Publish date and time').fill(`${planned}T10:00`);
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toBeHidden();
  await page.getByRole('button', { name: 'Next month' }).click();

  const item = page.getByRole('button', { name: /^Launch story, Draft/ });
  await expect(page.locator(`[data-day="${planned}"]`).getByRole('button', { name: /^Launch story/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Editorial Calendar' })).toHaveCount(1);
  // Its status in words on the month view, and that it will publish itself.
  await expect(item).toContainText('Draft');
  await expect(item).toContainText('Scheduled');
  await expectNoAxeViolations(page);

  // Mouse: drag it two days on (the calendar scrolled to the top of the window, so both days are on screen).
  await page.getByRole('heading', { name: 'Editorial Calendar' }).evaluate((heading) => heading.scrollIntoView());
  const target = page.locator(`[data-day="${dropped}"]`);
  const from = (await item.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(target.getByRole('button', { name: /^Launch story/ })).toBeVisible();

  // Keyboard: Alt + → moves it one more day, and again: the focus follows the item to its new day.
  await target.getByRole('button', { name: /^Launch story/ }).focus();
  await page.keyboard.press('Alt+ArrowRight');
  const afterOneKey = page.locator(`[data-day="${keyed}"]`).getByRole('button', { name: /^Launch story/ });
  await expect(afterOneKey).toBeFocused();
  await page.keyboard.press('Alt+ArrowRight');
  const afterTwoKeys = page.locator(`[data-day="${keyedTwice}"]`).getByRole('button', { name: /^Launch story/ });
  await expect(afterTwoKeys).toBeFocused();
  await expect(page.getByText(/^Moved "Launch story" to /)).toBeAttached();

  // Every move was saved, at the same time of day, still scheduled to publish itself.
  await page.reload();
  await page.getByRole('button', { name: 'Next month' }).click();
  const stored = page.locator(`[data-day="${keyedTwice}"]`).getByRole('button', { name: /^Launch story/ });
  await expect(stored).toBeVisible();
  expect(await stored.getAttribute('aria-label')).toMatch(/10:00.*, scheduled to publish$/);
  await expect(stored).not.toContainText('Overdue');
});

/** Nothing wider than a 375 px screen, no cut text, every action reachable, and axe clean: on `where`. */
async function expectFitsThePhone(page: Page, where: string) {
  expect(await layoutProblems(page), where).toEqual([]);
  await expectNoAxeViolations(page);
}

test('at 375 px: an open campaign’s results, the result form, every step of the import wizard, Schedule Publishing and the month view fit and pass axe', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const account = await seedAccountWithData(server);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  try {
    await page.goto('/auth');
    await submitSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(paths.marketing.advertising);
    await page.getByRole('button', { name: 'View Brand' }).click();
    const panel = page.getByRole('region', { name: 'Brand', exact: true });
    await expect(panel.getByRole('figure', { name: 'Brand: spend and revenue over time' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Import CSV' })).toBeVisible();
    await expectFitsThePhone(page, 'an open campaign');

    await panel.getByRole('button', { name: 'Add Results' }).click();
    const form = page.getByRole('dialog', { name: 'Add results: Brand' });
    await form.getByRole('textbox', { name: 'Clicks' }).fill('1.5');
    await form.getByRole('button', { name: 'Save Results' }).click();
    await expect(form.getByText('"1.5" is not a whole number')).toBeVisible();
    await expectFitsThePhone(page, 'the result form with an error');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    // As an ad platform exports it: a title and a date range above the header, a total row under the data.
    const lines = ['Brand report', 'All time', 'Reporting day,Impr.,Clicks,Cost'];
    for (let offset = -4; offset <= 0; offset++) lines.push(`${await dayFromToday(page, offset)},"1,000",50,$10.00`);
    lines.push('yesterday,1,1,1', 'Total: Account,"5,001",251,$51.00');
    await panel.getByRole('button', { name: 'Import CSV' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import results: Brand' });
    await wizard.getByLabel('CSV file').setInputFiles({ name: 'brand.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await expect(wizard.getByText('Step 2 of 4: Match the columns')).toBeVisible();
    await choose(wizard, page, 'Date (required)', 'Reporting day');
    await choose(wizard, page, 'Platform (required)', 'Every line: TikTok Ads');
    await expect(wizard.getByText('The column names are on line 3. 3 lines are not data and will not be imported:')).toBeVisible();
    await expect(wizard.getByText('Line 10: a total row (“Total: Account”)')).toBeVisible();
    await expectFitsThePhone(page, 'the wizard: mapping');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('5 rows are ready; 1 line has errors and will not be imported.')).toBeVisible();
    await expectFitsThePhone(page, 'the wizard: preview');
    await wizard.getByRole('button', { name: 'Import 5 rows, skip 1 line' }).click();
    await expect(wizard.getByText('Import finished')).toBeVisible();
    await expect(wizard.getByText('5 new')).toBeVisible();
    await expectFitsThePhone(page, 'the wizard: summary');
    await wizard.getByRole('button', { name: 'Done' }).click();

    // The same export again: the column the wizard could not guess is remembered (in the database) and suggested.
    await panel.getByRole('button', { name: 'Import CSV' }).click();
    await wizard.getByLabel('CSV file').setInputFiles({ name: 'brand.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await expect(wizard.getByRole('combobox', { name: 'Date (required)' })).toHaveText('Reporting day');
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await expect(wizard).toBeHidden();

    await page.goto(paths.marketing.content);
    await page.getByRole('button', { name: 'Schedule Publishing' }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule Publishing' });
    await expect(schedule.getByLabel('Publish date and time')).toBeVisible();
    await expectFitsThePhone(page, 'Schedule Publishing');
    await schedule.getByRole('button', { name: 'Cancel' }).click();

    // A phone opens the agenda: the seeded draft planned two days ago says "Overdue" in words, beside its status.
    await expect(page.getByRole('button', { name: /^Overdue draft, Draft/ })).toContainText('DraftOverdue');
    // The month view is one tap away and must fit as well, with the seeded items in it
    // (one planned tomorrow, one overdue, one with a long unbroken title).
    await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Month' }).click();
    // The day the seed planned it for (tomorrow then), not tomorrow now: midnight may have passed since.
    const [checklist] = await withDatabase(
      server,
      (sql) => sql<{ at: Date }[]>`
        select i.planned_publish_at as at from public.content_items i
        join public.profiles p on p.organization_id = i.organization_id join auth.users u on u.id = p.user_id
        where i.title = 'Checklist' and u.email = ${account.email}`,
    );
    const tomorrow = await localDayOf(page, checklist!.at);
    if (tomorrow.slice(0, 7) !== (await dayFromToday(page, 0)).slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.locator(`[data-day="${tomorrow}"]`).getByRole('button', { name: /^Checklist, In Review/ })).toContainText('In Review');
    await expectFitsThePhone(page, 'the month view');
  } finally {
    await context.close();
  }
});

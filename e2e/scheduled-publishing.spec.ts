import type { Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { newAccount, signUpToDashboard } from './support/accounts';
import { loginAsAdmin } from './support/admin';
import { expect, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { withDatabase } from './support/seed';
import { expectNoAxeViolations } from './support/page-checks';

/**
 * Issue 26's journeys on the real server and its job runner: an item scheduled with Schedule Publishing shows as
 * scheduled, then, when its moment comes (the clock moved through the database), published on the calendar (never
 * Overdue) and on the workspace's public blog; the site admin's background-work page shows a failed job with its
 * error, retries and dismisses it. Both at 1280 px and 375 px, axe clean.
 */

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 900 };

/** The browser's local date and time `minutes` from now, as a datetime-local field takes it. */
const localMoment = (page: Page, minutes: number) =>
  page.evaluate((offset) => {
    const date = new Date(Date.now() + offset * 60_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, minutes);

async function schedule(page: Page, when: string) {
  await page.getByRole('button', { name: 'Schedule Publishing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Publishing' });
  await expect(dialog.getByRole('combobox', { name: 'Content item' })).toHaveText('Spring launch');
  await dialog.getByLabel('Publish date and time').fill(when);
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog).toBeHidden();
}

test('an item scheduled with Schedule Publishing is published at its moment: on the calendar and on the public blog, at 1280 and 375 px', async ({ page, server }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(desktop);
  const account = await signUpToDashboard(page, newAccount({ companyName: 'Spring Outfitters' }));
  const slug = `spring-${Date.now().toString(36)}`;
  await page.goto(paths.marketing.content);

  // The workspace's public blog, opened by its owner.
  const blogCard = page.getByRole('form', { name: 'Public blog' });
  await blogCard.getByLabel('Blog address').fill(slug);
  await blogCard.getByRole('button', { name: 'Open the blog' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`/blog/${slug}`) })).toBeVisible();

  await page.getByRole('button', { name: 'Create Your First Content' }).click();
  const create = page.getByRole('dialog', { name: 'Create Content' });
  await create.getByRole('textbox', { name: 'Title', exact: true }).fill('Spring launch');
  await create.getByRole('textbox', { name: 'Content', exact: true }).fill('Our **spring collection** is out.\n\n<script>alert(1)</script>');
  await create.getByRole('button', { name: 'Save Content' }).click();
  await expect(create).toBeHidden();

  // Tomorrow morning: the agenda shows it as a draft that will publish itself; the blog does not have it yet.
  await schedule(page, (await localMoment(page, 24 * 60)).replace(/T.*/, 'T09:00'));
  await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Agenda' }).click();
  const scheduled = page.getByRole('button', { name: /^Spring launch, Draft, .*, scheduled to publish$/ });
  await expect(scheduled).toContainText('Scheduled');
  await expectNoAxeViolations(page);

  // Its moment comes (the clock moved through the database: the planned moment is now): the job runner publishes it.
  const ours = (sql: Parameters<Parameters<typeof withDatabase>[1]>[0]) => sql`
    select c.id from public.content_items c join public.profiles p on p.organization_id = c.organization_id join auth.users u on u.id = p.user_id
    where u.email = ${account.email} and c.title = 'Spring launch'`;
  await withDatabase(server, (sql) => sql`update public.content_items set planned_publish_at = now() where id in (${ours(sql)})`);
  await expect
    .poll(() => withDatabase(server, async (sql) => (await sql<{ status: string }[]>`select status from public.content_items where id in (${ours(sql)})`)[0]?.status), { timeout: 20_000 })
    .toBe('published');

  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    // The calendar, loaded afresh: Published, never Overdue; the hub's list says so too.
    await page.goto(paths.marketing.content);
    await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Agenda' }).click();
    const published = page.getByRole('button', { name: /^Spring launch, Published, / });
    await expect(published).toBeVisible();
    await expect(published).not.toHaveAccessibleName(/(overdue|scheduled to publish|being published)$/);
    await expect(published).not.toContainText('Overdue');
    await expect(published).not.toContainText('Scheduled');
    if (viewport === desktop) await expect(page.getByRole('row', { name: /Spring launch/ })).toContainText('Published');
    expect(await layoutProblems(page)).toEqual([]);
    await expectNoAxeViolations(page);

    // The public blog (our server's page): the item listed, and its page with the Markdown rendered and sanitised.
    await page.goto(paths.blog(slug));
    await expect(page.getByRole('heading', { level: 1, name: 'Spring Outfitters' })).toBeVisible();
    await page.getByRole('link', { name: 'Spring launch' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Spring launch' })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'spring collection' })).toBeVisible();
    expect(await page.locator('script').count()).toBe(0);
    expect(await layoutProblems(page)).toEqual([]);
    await expectNoAxeViolations(page);
  }
});

test('the site admin sees background work: a failed job with its error, retried, then dismissed after a confirmation, at 1280 and 375 px', async ({ page, server }) => {
  await page.setViewportSize(desktop);
  // A job whose payload its task refuses: it fails at once, with the reason.
  await withDatabase(server, (sql) => sql`select private.enqueue_job('publish_content', '{"workspace_id": "nope"}'::jsonb, now(), 'e2e:refused')`);
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Background Work' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Background Work' })).toBeVisible();
  await expect(page.getByTestId('job-workers')).toHaveText('1');

  const failed = () => page.getByTestId('background-job').filter({ hasText: 'refused payload: workspace_id: Invalid UUID' });
  await expect(failed()).toHaveCount(1);
  await expect(failed()).toContainText('Failed');
  await expect(failed()).toContainText('e2e:refused');
  await expectNoAxeViolations(page);

  // Retry: back in the queue; its payload being what it is, it fails again (a new failure, without the key).
  await failed().getByRole('button', { name: 'Retry Publish scheduled content' }).click();
  await expect(page.getByText('The job is back in the queue.')).toBeVisible();
  await expect(failed()).toHaveCount(1);
  await expect(failed()).not.toContainText('e2e:refused');

  // Dismiss, after the confirmation.
  await failed().getByRole('button', { name: 'Dismiss Publish scheduled content' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Dismiss this failed job?' });
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('The failed job was dismissed.')).toBeVisible();
  await expect(failed()).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Failed', exact: true }).click();
  await expect(page.getByText('No failed jobs.')).toBeVisible();

  await page.setViewportSize(phone);
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'All jobs', exact: true }).click();
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page);
});

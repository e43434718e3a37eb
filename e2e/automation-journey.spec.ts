import type { Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { outboxMessages, type OutboxMessage } from './support/email-outbox';
import { expect, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { expectNoAxeViolations, openTab } from './support/page-checks';
import type { E2EServer } from './support/e2e-server';
import { withDatabase } from './support/seed';

/**
 * The Automation Platform's journey (issue 29, "Done when" e2e): an owner starts the welcome series from its template,
 * makes it start on a subscription to a list, edits its first e-mail with the keyboard only in the step list and
 * publishes it; a visitor subscribes on the list's public form and confirms from the e-mail in the outbox; the first
 * workflow e-mail arrives, the clock is moved through the database (the waiting step's due time set to now), the second
 * e-mail arrives, the clock moves again and the third arrives and the run finishes; the workflow's counts and the
 * contact's timeline in the Retention Center show the steps it went
 * through. At 1280 px and 375 px, axe clean and no layout problems.
 */

async function messagesTo(dataDir: string, email: string, kind: string): Promise<OutboxMessage[]> {
  return (await outboxMessages(dataDir)).filter((message) => message.to === email && message.kind === kind);
}

/** The clock moved through the database: the contact's waiting step is due now, and the runner is asked again. */
async function moveClockPastWait(server: E2EServer, address: string) {
  await withDatabase(server, async (sql) => {
    const enrollments = await sql<{ id: string; organization_id: string }[]>`
      select e.id, e.organization_id from public.automation_enrollments e join public.contacts c on c.id = e.contact_id where c.email = ${address}`;
    expect(enrollments).toHaveLength(1);
    const enrollment = enrollments[0]!;
    await sql`update public.automation_step_runs set due_at = now() - interval '1 second' where enrollment_id = ${enrollment.id} and status = 'waiting'`;
    await sql`select private.enqueue_job('automation_step', ${sql.json({ workspace_id: enrollment.organization_id, enrollment_id: enrollment.id })}, now(), ${'automation:' + enrollment.id}, 10)`;
  });
}

async function expectCleanPage(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
  expect(await layoutProblems(page)).toEqual([]);
}

for (const width of [1280, 375]) {
  test(`the welcome series welcomes a public-form subscriber step by step at ${width} px`, async ({ browser, baseURL, server }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUpToDashboard(page);

    // The list the workflow listens to, and its hosted subscribe form.
    const listName = `Newsletter ${width}`;
    await page.goto(paths.marketing.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Email Platform' })).toBeVisible();
    await openTab(page, 'Lists');
    await page.getByRole('button', { name: 'Create List' }).click();
    const listDialog = page.getByRole('dialog', { name: 'Create List' });
    await listDialog.getByLabel('Name').fill(listName);
    await listDialog.getByRole('button', { name: 'Save' }).click();
    await expect(listDialog).toBeHidden();
    await page.getByRole('button', { name: `Subscribe form: ${listName}` }).click();
    const hostedUrl = await page.getByRole('dialog', { name: `Subscribe form: ${listName}` }).getByLabel('Hosted page').inputValue();
    await page.keyboard.press('Escape');

    // The owner builds the welcome series from its template.
    await page.goto(paths.marketing.automation);
    await expect(page.getByRole('heading', { level: 1, name: /Automation/ })).toBeVisible();
    await expect(async () => {
      await page.getByRole('button', { name: 'Use template: Welcome series' }).click({ timeout: 2_000 });
      await expect(page.getByRole('region', { name: 'Workflows' }).getByRole('heading', { name: 'Welcome series' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    const workflows = page.getByRole('region', { name: 'Workflows' });
    await workflows.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit “Welcome series”' });
    await expect(editor.getByRole('heading', { level: 4, name: /^Step 1 \(welcome\)/ })).toBeVisible();

    // It starts when a contact subscribes to the list: without the list it cannot be published.
    await editor.getByLabel('Starts when').selectOption('list_subscribed');
    await editor.getByRole('button', { name: 'Publish' }).click();
    await expect(editor.getByRole('alert')).toContainText('Choose a list of this workspace: subscribing to it starts the workflow.');
    await expect(editor).toBeVisible();
    await editor.getByLabel('List', { exact: true }).selectOption({ label: listName });

    // Keyboard only in the step list: the first e-mail's subject.
    const subject = editor.getByLabel('Subject').first();
    await subject.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Welcome aboard, {{first_name}}!');
    await page.keyboard.press('Tab');
    await expect(subject).toHaveValue('Welcome aboard, {{first_name}}!');
    await expectNoAxeViolations(page);
    expect(await layoutProblems(page)).toEqual([]);

    await editor.getByRole('button', { name: 'Publish' }).click();
    await expect(editor).toBeHidden();
    await expect(workflows.getByText('Published', { exact: true })).toBeVisible();

    // A visitor without an account subscribes on the public form and confirms from the e-mail.
    const visitorContext = await browser.newContext({ viewport: { width, height: 900 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(hostedUrl);
    const address = `rita.${width}.${Date.now()}@example.com`;
    await visitor.getByLabel('E-mail address').fill(address);
    await visitor.getByLabel('First name').fill('Rita');
    await visitor.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor.getByRole('status')).toHaveText('Almost done: check your inbox and follow the link to confirm.');
    let confirmations: OutboxMessage[] = [];
    await expect.poll(async () => (confirmations = await messagesTo(server.dataDir, address, 'email_list_confirmation')).length, { timeout: 20_000 }).toBe(1);
    await visitor.goto(confirmations[0]!.link!);
    // Opening the link confirms nothing (a mail scanner may open it): the visitor's click does.
    await visitor.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(visitor.getByRole('status')).toHaveText(new RegExp(`^You are subscribed to ${listName} from `));
    await visitorContext.close();

    // The first e-mail arrives; the contact waits at "Wait 2 days".
    await expect.poll(async () => (await messagesTo(server.dataDir, address, 'automation_email')).map((message) => message.subject), { timeout: 30_000 }).toEqual(['Welcome aboard, Rita!']);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('region', { name: 'Workflows' }).getByText('Wait 2 days: 1')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // The clock moves: the waiting step is due now, and the runner is asked again.
    await moveClockPastWait(server, address);
    await expect.poll(async () => (await messagesTo(server.dataDir, address, 'automation_email')).map((message) => message.subject).sort(), { timeout: 30_000 }).toEqual(['Three tips to get started', 'Welcome aboard, Rita!']);

    // The workflow's counts: the contact went past "Wait 2 days" and waits at "Wait 5 days".
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('region', { name: 'Workflows' }).getByText('Wait 5 days: 1')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const card = page.getByRole('region', { name: 'Workflows' }).getByRole('listitem').first();
    await expect(card.getByText('Entered').locator('..')).toContainText('1');
    await expect(card.getByText('Wait 2 days: 1')).toBeHidden();
    await expectCleanPage(page);

    // The clock moves past "Wait 5 days": the third e-mail arrives and the run finishes (no click: not made a lead).
    await moveClockPastWait(server, address);
    await expect.poll(async () => (await messagesTo(server.dataDir, address, 'automation_email')).map((message) => message.subject).sort(), { timeout: 30_000 })
      .toEqual(['A call with our team?', 'Three tips to get started', 'Welcome aboard, Rita!']);
    await expect(async () => {
      await page.reload();
      const finished = page.getByRole('region', { name: 'Workflows' }).getByRole('listitem').first().getByText('Finished', { exact: true }).locator('..');
      await expect(finished).toContainText('1', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Workflows' }).getByText('Wait 5 days: 1')).toBeHidden();

    // The contact's timeline in the Retention Center: the clock moves on 40 days, so it is listed as gone quiet.
    await withDatabase(server, (sql) => sql`
      update public.contacts set created_at = now() - interval '40 days', last_activity_at = now() - interval '40 days' where email = ${address}`);
    await page.goto(paths.marketing.retention);
    const history = page.getByRole('button', { name: /^Automation history of / }).first();
    await expect(async () => {
      await history.click({ timeout: 2_000 });
      await expect(page.getByRole('dialog', { name: 'Automation history' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const timeline = page.getByRole('dialog', { name: 'Automation history' });
    await expect(timeline.getByText('Entered', { exact: true })).toBeVisible();
    await expect(timeline.getByText(/^welcome: Done/)).toBeVisible();
    await expect(timeline.getByText(/^wait-2-days: Done/)).toBeVisible();
    await expect(timeline.getByText(/^tips: Done/)).toBeVisible();
    await expect(timeline.getByText(/^wait-5-days: Done/)).toBeVisible();
    await expect(timeline.getByText(/^offer: Done/)).toBeVisible();
    await expect(timeline.getByText(/^clicked: Done/)).toBeVisible();
    await expect(timeline.getByText(/Finished the workflow/)).toBeVisible();
    await expectCleanPage(page);
    await context.close();
  });
}

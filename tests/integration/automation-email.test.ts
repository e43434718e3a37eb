import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph, WorkflowStep } from '../../src/features/automation/utils/workflow-graph';
import { addContact, createWorkflow, drainJobs, publishWorkflow } from '../support/automation';
import { createTemplate, htmlOf, unsubscribeTokenOf } from '../support/email';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * A workflow's "send an e-mail" step honours the Email Platform's consent and suppression (issue 29): a template step
 * sends through private.send_email_template (one delivery per enrollment, step and visit, with the workspace's
 * unsubscribe headers), an inline step skips a suppressed address, and publishing refuses another workspace's
 * template. Real server, real PostgreSQL, supabase-js, a real SMTP server.
 */

let smtp: RealSmtpServer;
let server: TestServer;
let owner: SignedInUser;
let stranger: SignedInUser;

const drain = () => drainJobs(server);

const templateStep = (id: string, templateId: string, next: string | null): WorkflowStep => ({ id, type: 'send_email', template_id: templateId, next });

const welcome = (mail: WorkflowStep): WorkflowGraph => ({
  trigger: { type: 'contact_created' },
  enrollment: 'once',
  steps: [mail, { id: 'done', type: 'end' }],
});

async function suppress(user: SignedInUser, email: string) {
  const { error } = await user.client.from('email_suppressions').insert({ organization_id: user.organizationId, email });
  expect(error).toBeNull();
}

const enrollmentOf = async (workflowId: string, contactId: string) => {
  const [row] = await server.sql<{ id: string; status: string }[]>`
    select id, status from public.automation_enrollments where workflow_id = ${workflowId} and contact_id = ${contactId}`;
  return row!;
};

const mailRun = (enrollmentId: string) =>
  server.sql<{ status: string; outcome: string | null; email_id: string | null; email_delivery_id: string | null; error: string | null }[]>`
    select status, outcome, email_id::text, email_delivery_id::text, error from public.automation_step_runs
    where enrollment_id = ${enrollmentId} and step_id = 'mail'`.then((rows) => rows.map((row) => ({ ...row })));

const deliveriesTo = (contactId: string) =>
  server.sql<{ id: string; kind: string; template_id: string; status: string; request_key: string }[]>`
    select id::text, kind, template_id, status, request_key from public.email_deliveries where contact_id = ${contactId} order by id`.then((rows) =>
    rows.map((row) => ({ ...row })),
  );

beforeAll(async () => {
  smtp = await startRealSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Beyond Brochures <team@bb.test>' });
  owner = await signedInUser(server);
  stranger = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('an inline e-mail step', () => {
  it('sends nothing to a suppressed address and records the step as skipped: suppressed', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, welcome({ id: 'mail', type: 'send_email', subject: 'Inline hello', body: 'Hi {{first_name}}', next: 'done' }));
    const unsubscribed = uniqueEmail('inline-suppressed');
    await suppress(user, unsubscribed);
    const blocked = await addContact(user, { first_name: 'Una', email: unsubscribed.toUpperCase() });
    const allowed = uniqueEmail('inline-allowed');
    const welcomed = await addContact(user, { first_name: 'Wil', email: allowed });
    await drain();

    const blockedRun = await enrollmentOf(workflow, blocked);
    expect(blockedRun.status).toBe('finished');
    expect(await mailRun(blockedRun.id)).toEqual([{ status: 'skipped', outcome: 'suppressed', email_id: null, email_delivery_id: null, error: null }]);
    expect(await server.sql`select 1 from private.outgoing_emails where kind = 'automation_email' and lower(recipient) = ${unsubscribed}`).toHaveLength(0);
    expect(smtp.to(unsubscribed)).toHaveLength(0);
    expect(smtp.to(unsubscribed.toUpperCase())).toHaveLength(0);

    // The same step still sends to an address nobody suppressed.
    expect(await mailRun((await enrollmentOf(workflow, welcomed)).id)).toMatchObject([{ status: 'done', outcome: 'done' }]);
    expect(smtp.to(allowed).map((message) => message.parsed.subject)).toEqual(['Inline hello']);
  });
});

describe('an inline e-mail step’s unsubscribe link (as the Email Platform’s e-mails)', () => {
  /** Time passes: the enrollment's wait is due now, and its job (the same key) runs now. */
  async function letTheWaitPass(enrollmentId: string, workspaceId: string) {
    await server.sql`update public.automation_step_runs set due_at = now() - interval '1 second' where enrollment_id = ${enrollmentId} and status = 'waiting'`;
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: workspaceId, enrollment_id: enrollmentId })}, now(), ${`automation:${enrollmentId}`}, 10)`;
    await drain();
  }

  it('carries List-Unsubscribe (one click) and a link in the body; following it suppresses the contact and a later step sends nothing', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, {
      trigger: { type: 'contact_created' },
      enrollment: 'once',
      steps: [
        { id: 'mail', type: 'send_email', subject: 'Welcome {{first_name}}', body: 'Hi {{first_name}},\n\nGood to have you.', next: 'pause' },
        { id: 'pause', type: 'wait', minutes: 60, next: 'again' },
        { id: 'again', type: 'send_email', subject: 'Second thoughts', body: 'Still there?', next: 'done' },
        { id: 'done', type: 'end' },
      ],
    });
    await server.sql`
      insert into public.email_settings (organization_id, from_name, from_email, reply_to) values (${user.organizationId}, 'Ida Shop', 'shop@ida.test', 'help@ida.test')
      on conflict (organization_id) do update set from_name = excluded.from_name, from_email = excluded.from_email, reply_to = excluded.reply_to`;
    const address = uniqueEmail('inline-unsubscribe');
    const contactId = await addContact(user, { first_name: 'Ida', email: address });
    await drain();

    const run = await enrollmentOf(workflow, contactId);
    const [delivery] = await deliveriesTo(contactId);
    expect(delivery).toMatchObject({ kind: 'automation', status: 'sent', request_key: `automation:${run.id}:mail:1` });
    expect(await mailRun(run.id)).toEqual([{ status: 'done', outcome: 'done', email_id: null, email_delivery_id: delivery!.id, error: null }]);
    const [message, ...others] = smtp.to(address);
    expect(others).toEqual([]);
    expect(message!.parsed.subject).toBe('Welcome Ida');
    expect(message!.parsed.text).toContain('Hi Ida,');
    expect(message!.parsed.text).toContain('Good to have you.');
    expect(message!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The workspace's sender, as the SMTP server received it.
    expect(message!.header('from')).toBe('Ida Shop <shop@ida.test>');
    expect(message!.header('reply-to')).toBe('help@ida.test');
    expect(message!.messageId).toMatch(/^<d\d+\.\d+@/);
    const token = unsubscribeTokenOf(message!);
    expect(message!.header('list-unsubscribe')).toBe(`<${server.url}/e/u/${token}>`);
    expect(htmlOf(message!)).toContain(`href="${server.url}/e/u/${token}"`);
    expect(await server.sql`select 1 from private.outgoing_emails where kind = 'automation_email' and recipient = ${address}`).toHaveLength(0);

    // The body's link opens the page (a GET changes nothing); its button (a POST without a session) unsubscribes.
    expect(await (await fetch(`${server.url}/e/u/${token}`)).text()).toContain('<form method="post">');
    expect(await server.sql`select 1 from public.email_suppressions where organization_id = ${user.organizationId} and email = ${address}`).toHaveLength(0);
    const unsubscribed = await fetch(`${server.url}/e/u/${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(unsubscribed.status).toBe(200);
    expect(await server.sql`select reason from public.email_suppressions where organization_id = ${user.organizationId} and email = ${address}`).toEqual([
      { reason: 'unsubscribed' },
    ]);

    // The next e-mail step finds the contact suppressed: nothing is queued or sent.
    await letTheWaitPass(run.id, user.organizationId);
    expect((await enrollmentOf(workflow, contactId)).status).toBe('finished');
    const [again] = await server.sql`select status, outcome, email_delivery_id from public.automation_step_runs where enrollment_id = ${run.id} and step_id = 'again'`;
    expect({ ...again }).toEqual({ status: 'skipped', outcome: 'suppressed', email_delivery_id: null });
    expect(await deliveriesTo(contactId)).toHaveLength(1);
    expect(smtp.to(address)).toHaveLength(1);
  });

  it('keeps the whole text: paragraphs packed into text blocks of at most 5,000 characters, the first name a merge field', async () => {
    const blocksOf = async (body: string) =>
      ((await server.sql<{ blocks: { type: string; markdown: string }[] }[]>`select private.automation_email_blocks(${body}) as blocks`)[0]!).blocks;
    expect(await blocksOf('  Hi {{first_name}},\nline two\n\n\n  \n\nBye.  ')).toEqual([{ type: 'text', markdown: 'Hi {{first_name|there}},\nline two\n\nBye.' }]);
    const long = await blocksOf(`${'a'.repeat(12_000)}\n\nEnd.\n\n${'b'.repeat(4_000)}`);
    expect(long.map((block) => block.markdown.length)).toEqual([5000, 5000, 2006, 4000]);
    expect(long.map((block) => block.markdown).join('')).toBe(`${'a'.repeat(12_000)}\n\nEnd.${'b'.repeat(4_000)}`);
  });

  it('checks the suppression list again when the message leaves: an address suppressed after the step gets nothing', async () => {
    const user = await signedInUser(server);
    const address = uniqueEmail('inline-late-suppression');
    const contactId = await addContact(user, { first_name: 'Lou', email: address });
    // The step queued its delivery (as automation_apply_step does) while the address was not suppressed; then, before
    // the delivery's job could claim it, the contact unsubscribed (one transaction, so the job runner cannot slip in).
    const queued = await server.sql.begin(async (tx) => {
      const [row] = await tx<{ delivery_id: string; outcome: string }[]>`
        select delivery_id::text, outcome from private.send_automation_email(${user.organizationId}, ${contactId}, 'Late', 'Hello {{first_name}}', 'test:late')`;
      await tx`select private.suppress_email(${user.organizationId}, ${address}, 'unsubscribed', 'Unsubscribe link')`;
      return row!;
    });
    expect(queued.outcome).toBe('queued');
    await drain();
    expect(await server.sql`select status, smtp_response from public.email_deliveries where id = ${queued.delivery_id}`).toEqual([
      { status: 'failed', smtp_response: 'The address was suppressed before the message was sent.' },
    ]);
    expect(smtp.to(address)).toHaveLength(0);
  });
});

describe('an inline e-mail from the attacker’s side', () => {
  it('never mails another workspace’s contact, and the API cannot queue one at all', async () => {
    const victim = await signedInUser(server);
    const address = uniqueEmail('inline-victim');
    const victimContact = await addContact(victim, { first_name: 'Vic', email: address });
    const [forged] = await server.sql`
      select delivery_id, outcome from private.send_automation_email(${stranger.organizationId}, ${victimContact}, 'Hi', 'Forged', 'test:forged')`;
    expect({ ...forged }).toEqual({ delivery_id: null, outcome: 'unknown_contact' });
    const request = { workspace_id: victim.organizationId, contact_id: victimContact, subject: 'Hi', body: 'Forged', request_key: 'api' };
    for (const client of [stranger.client, victim.client]) {
      expect((await client.schema('private' as never).rpc('send_automation_email' as never, request as never)).error).not.toBeNull();
    }
    await drain();
    expect(await deliveriesTo(victimContact)).toEqual([]);
    expect(smtp.to(address)).toHaveLength(0);
  });
});

describe('a template step', () => {
  it('sends the Email Platform template once through its delivery, even when the step’s job runs again', async () => {
    const templateId = await createTemplate(owner.client, owner.organizationId, { subject: 'Welcome {{first_name|friend}}' });
    const workflow = await publishWorkflow(owner, welcome(templateStep('mail', templateId, 'done')));
    const address = uniqueEmail('template-step');
    const contactId = await addContact(owner, { first_name: 'Ada', email: address });
    await drain();

    const run = await enrollmentOf(workflow, contactId);
    expect(run.status).toBe('finished');
    const deliveries = await deliveriesTo(contactId);
    expect(deliveries).toEqual([{ id: expect.stringMatching(/^\d+$/), kind: 'template', template_id: templateId, status: 'sent', request_key: `automation:${run.id}:mail:1` }]);
    expect(await mailRun(run.id)).toEqual([{ status: 'done', outcome: 'done', email_id: null, email_delivery_id: deliveries[0]!.id, error: null }]);
    const received = smtp.to(address);
    expect(received).toHaveLength(1);
    expect(received[0]!.parsed.subject).toBe('Welcome Ada');
    expect(received[0]!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await server.sql`select 1 from private.outgoing_emails where kind = 'automation_email' and recipient = ${address}`).toHaveLength(0);

    // The step's job queued again: the run is past that step, nothing is sent.
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: owner.organizationId, enrollment_id: run.id })})`;
    await drain();
    // The step applied again at the same visit, as if its record were lost: its request key finds the first delivery.
    await server.sql`update public.automation_enrollments set status = 'active', current_step = 'mail', current_visit = 1, finished_at = null where id = ${run.id}`;
    await server.sql`delete from public.automation_step_runs where enrollment_id = ${run.id}`;
    const [again] = await server.sql`select private.automation_apply_step(${owner.organizationId}, ${run.id}, 'mail', 1, '{"outcome":"done","next":"done"}') as result`;
    expect(again!.result).toBe('continue');
    await drain();

    expect(await deliveriesTo(contactId)).toEqual(deliveries);
    expect(await mailRun(run.id)).toMatchObject([{ status: 'done', email_delivery_id: deliveries[0]!.id }]);
    expect(smtp.to(address)).toHaveLength(1);
  });

  it('skips a suppressed contact (suppressed) and one without an address (no_email), queuing nothing', async () => {
    const user = await signedInUser(server);
    const templateId = await createTemplate(user.client, user.organizationId);
    const workflow = await publishWorkflow(user, welcome(templateStep('mail', templateId, 'done')));
    const complained = uniqueEmail('template-suppressed');
    await suppress(user, complained);
    const suppressedId = await addContact(user, { first_name: 'Sue', email: complained });
    const noAddressId = await addContact(user, { first_name: 'Nobody', last_name: 'Mailless' });
    await drain();

    expect(await mailRun((await enrollmentOf(workflow, suppressedId)).id)).toEqual([
      { status: 'skipped', outcome: 'suppressed', email_id: null, email_delivery_id: null, error: null },
    ]);
    expect(await mailRun((await enrollmentOf(workflow, noAddressId)).id)).toMatchObject([{ status: 'skipped', outcome: 'no_email', email_delivery_id: null }]);
    expect(await deliveriesTo(suppressedId)).toEqual([]);
    expect(await deliveriesTo(noAddressId)).toEqual([]);
    expect(smtp.to(complained)).toHaveLength(0);
  });

  it('fails the step (unknown_template) when its template was deleted after the workflow was published', async () => {
    const user = await signedInUser(server);
    const templateId = await createTemplate(user.client, user.organizationId);
    const workflow = await publishWorkflow(user, welcome(templateStep('mail', templateId, 'done')));
    expect((await user.client.from('email_templates').delete().eq('id', templateId)).error).toBeNull();
    const address = uniqueEmail('template-gone');
    const contactId = await addContact(user, { first_name: 'Gus', email: address });
    await drain();

    const run = await enrollmentOf(workflow, contactId);
    expect(run.status).toBe('failed');
    const [mail] = await mailRun(run.id);
    expect(mail).toMatchObject({ status: 'failed', outcome: 'unknown_template', email_delivery_id: null });
    expect(mail!.error).toMatch(/template/);
    expect(await deliveriesTo(contactId)).toEqual([]);
    expect(smtp.to(address)).toHaveLength(0);
  });
});

describe('publishing a template step', () => {
  it.each([
    ['another workspace’s template', () => createTemplate(stranger.client, stranger.organizationId)],
    ['a template that does not exist', async () => '00000000-0000-4000-8000-000000000000'],
    ['something that is not a template id', async () => 'not-a-uuid'],
  ])('refuses %s (email_template_unknown, naming the step)', async (_name, templateOf) => {
    const workflow = await createWorkflow(owner, welcome(templateStep('mail', await templateOf(), 'done')));
    const { error } = await owner.client.rpc('publish_automation_workflow', { workflow_id: workflow });
    expect({ code: error?.code, details: error?.details, hint: error?.hint }).toEqual({ code: 'P0001', details: 'email_template_unknown', hint: 'mail' });
    expect(error!.message).toContain('template');
    const [row] = await server.sql`select status from public.automation_workflows where id = ${workflow}`;
    expect(row!.status).toBe('draft');
  });

  it('still refuses an inline step without a subject (email_invalid)', async () => {
    const workflow = await createWorkflow(owner, welcome({ id: 'mail', type: 'send_email', subject: ' ', body: 'Hi', next: 'done' }));
    const { error } = await owner.client.rpc('publish_automation_workflow', { workflow_id: workflow });
    expect({ details: error?.details, hint: error?.hint }).toEqual({ details: 'email_invalid', hint: 'mail' });
  });
});

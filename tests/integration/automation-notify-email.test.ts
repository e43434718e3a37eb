import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph, WorkflowStep } from '../../src/features/automation/utils/workflow-graph';
import { addContact, createWorkflow } from '../support/automation';
import { signedInUser } from '../support/rest-clients';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Automation's "notify a team member" step by e-mail (issue 29): besides the in-app notice, the member gets one e-mail
 * through the outgoing mail queue, keyed per enrollment, step and visit, so a step applied again (its record lost
 * after a crash) or a job run twice never sends a second one. Real server, real PostgreSQL, supabase-js, a real SMTP
 * server.
 */

let smtp: RealSmtpServer;
let server: TestServer;

const drain = async () => {
  for (let round = 0; round < 4; round += 1) await server.app.jobRunner!()!.drain(60_000);
};

const notifyGraph = (tell: WorkflowStep): WorkflowGraph => ({
  trigger: { type: 'contact_created' },
  enrollment: 'once',
  steps: [tell, { id: 'done', type: 'end' }],
});

const noticeRows = (enrollmentId: string) =>
  server.sql<{ id: string; recipient: string; sent: boolean }[]>`
    select id::text, recipient, sent_at is not null as sent from private.outgoing_emails
    where kind = 'automation_notice' and payload ->> 'enrollment_id' = ${enrollmentId}`.then((rows) => rows.map((row) => ({ ...row })));

beforeAll(async () => {
  smtp = await startRealSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Beyond Brochures <team@bb.test>' });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('a notice by e-mail', () => {
  it('cannot be published when "email" is not yes or no, and names the step', async () => {
    const user = await signedInUser(server);
    const id = await createWorkflow(user, notifyGraph({ id: 'tell', type: 'notify', member: 'owner', message: 'x', email: 'often' as never, next: 'done' }), 'Hot leads');
    const { error } = await user.client.rpc('publish_automation_workflow', { workflow_id: id });
    expect({ details: error?.details, hint: error?.hint }).toEqual({ details: 'notify_invalid', hint: 'tell' });
  });

  it('reaches the member once, beside the in-app notice, even when the step is applied again or its job runs again', async () => {
    const user = await signedInUser(server);
    const colleague = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${user.organizationId}, ${colleague.id}, 'member')`;
    const workflow = await createWorkflow(user, notifyGraph({ id: 'tell', type: 'notify', member: colleague.id, message: 'Call Ada today', email: true, next: 'done' }), 'Hot leads');
    expect((await user.client.rpc('publish_automation_workflow', { workflow_id: workflow })).error).toBeNull();
    const contactId = await addContact(user, { first_name: 'Ada', last_name: 'Lovelace' });
    await drain();

    const [run] = await server.sql<{ id: string; status: string }[]>`select id, status from public.automation_enrollments where workflow_id = ${workflow}`;
    expect(run!.status).toBe('finished');
    const rows = await noticeRows(run!.id);
    expect(rows).toEqual([{ id: expect.stringMatching(/^\d+$/), recipient: colleague.email, sent: true }]);
    const [stepRun] = await server.sql`select status, outcome, email_id::text from public.automation_step_runs where enrollment_id = ${run!.id} and step_id = 'tell'`;
    expect({ ...stepRun }).toEqual({ status: 'done', outcome: 'done', email_id: rows[0]!.id });
    expect(await server.sql`select title from public.member_notices where user_id = ${colleague.id} and contact_id = ${contactId}`).toEqual([{ title: 'Hot leads: Ada Lovelace' }]);
    const received = smtp.to(colleague.email);
    expect(received).toHaveLength(1);
    expect(received[0]!.parsed.subject).toBe('Hot leads: Ada Lovelace');
    expect(received[0]!.parsed.text).toContain('Call Ada today');
    expect(smtp.to(user.email)).toHaveLength(0);

    // The step's job queued again: the run is past that step, nothing is sent.
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: user.organizationId, enrollment_id: run!.id })})`;
    await drain();
    // The step applied again at the same visit, as if its record were lost in a crash: the key finds the first e-mail.
    await server.sql`update public.automation_enrollments set status = 'active', current_step = 'tell', current_visit = 1, finished_at = null where id = ${run!.id}`;
    await server.sql`delete from public.automation_step_runs where enrollment_id = ${run!.id}`;
    const [again] = await server.sql`select private.automation_apply_step(${user.organizationId}, ${run!.id}, 'tell', 1, '{"outcome":"done","next":"done"}') as result`;
    expect(again!.result).toBe('continue');
    await drain();

    expect(await noticeRows(run!.id)).toEqual(rows);
    expect((await server.sql`select email_id::text from public.automation_step_runs where enrollment_id = ${run!.id} and step_id = 'tell'`)[0]!.email_id).toBe(rows[0]!.id);
    expect(smtp.to(colleague.email)).toHaveLength(1);
  });

  it('without "email" the notice stays in the app only', async () => {
    const user = await signedInUser(server);
    const workflow = await createWorkflow(user, notifyGraph({ id: 'tell', type: 'notify', member: 'owner', message: 'In-app only', next: 'done' }), 'Hot leads');
    expect((await user.client.rpc('publish_automation_workflow', { workflow_id: workflow })).error).toBeNull();
    await addContact(user, { first_name: 'Quiet', owner_id: user.id });
    await drain();
    const [run] = await server.sql<{ id: string }[]>`select id from public.automation_enrollments where workflow_id = ${workflow}`;
    expect(await noticeRows(run!.id)).toEqual([]);
    expect(await server.sql`select 1 from public.member_notices where user_id = ${user.id} and workflow_id = ${workflow}`).toHaveLength(1);
    expect(smtp.to(user.email)).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJobByName } from '../../server/src/jobs/enqueue-job';
import type { WorkflowGraph, WorkflowStep } from '../../src/features/automation/utils/workflow-graph';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Automation workflows (issue 29) through supabase-js against the real server and its job runner: each trigger
 * enrolls, each step acts (e-mails reach a real SMTP server), waits are due times moved through the database, one
 * active run per workflow and contact, versions (runs keep theirs), exactly-once steps when jobs run again, a graph
 * that does not validate names its step, and another workspace's events and jobs cannot touch a workspace's contacts.
 */

let server: TestServer;
let sink: SmtpSink;
let owner: SignedInUser;
let other: SignedInUser;

const drain = async () => {
  for (let round = 0; round < 4; round += 1) await server.app.jobRunner!()!.drain();
};

const graph = (trigger: WorkflowGraph['trigger'], steps: WorkflowStep[], enrollment: WorkflowGraph['enrollment'] = 'once'): WorkflowGraph => ({ trigger, enrollment, steps });

async function publishWorkflow(user: SignedInUser, name: string, body: WorkflowGraph): Promise<string> {
  const { data, error } = await user.client.rpc('create_automation_workflow', { workspace_id: user.organizationId, name, graph: body as never });
  expect(error).toBeNull();
  const published = await user.client.rpc('publish_automation_workflow', { workflow_id: data!.id });
  expect(published.error).toBeNull();
  return data!.id;
}

async function addContact(user: SignedInUser, fields: Record<string, unknown>): Promise<string> {
  const { data, error } = await user.client.from('contacts').insert({ organization_id: user.organizationId, ...fields } as never).select('id').single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

const enrollments = (workflowId: string) =>
  server.sql<{ id: string; contact_id: string; status: string; current_step: string | null; version_id: string; error: string | null }[]>`
    select id, contact_id, status, current_step, version_id, error from public.automation_enrollments where workflow_id = ${workflowId} order by entered_at, id`;

const stepRuns = (enrollmentId: string) =>
  server.sql<{ step_id: string; visit: number; status: string; outcome: string | null }[]>`
    select step_id, visit, status, outcome from public.automation_step_runs where enrollment_id = ${enrollmentId} order by id`.then((rows) => rows.map((row) => ({ ...row })));

const contact = (id: string) =>
  server.sql<{ tags: string[]; lifecycle_stage: string; score_adjustment: number }[]>`
    select tags, lifecycle_stage, score_adjustment from public.contacts where id = ${id}`.then((rows) => ({ ...rows[0]! }));

/** Time passes: the enrollment's wait is due now, and its job (the same key) runs now. */
async function letTheWaitPass(enrollmentId: string, workspaceId: string) {
  await server.sql`update public.automation_step_runs set due_at = now() - interval '1 second' where enrollment_id = ${enrollmentId} and status = 'waiting'`;
  await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: workspaceId, enrollment_id: enrollmentId })}, now(), ${`automation:${enrollmentId}`}, 10)`;
  await drain();
}

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, SMTP_FROM: 'Beyond Brochures <team@bb.test>', AUTOMATION_LOG_DAYS: '30' });
  owner = await signedInUser(server);
  other = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
  await sink?.close();
});

describe('publishing validates the graph and names the step at fault', () => {
  const cases: [string, WorkflowGraph, string, string][] = [
    ['a cycle without a wait', graph({ type: 'contact_created' }, [
      { id: 'tag', type: 'add_tag', tag: 'a', next: 'check' },
      { id: 'check', type: 'condition', check: { kind: 'tag', tag: 'b' }, yes: 'done', no: 'tag' },
      { id: 'done', type: 'end' },
    ]), 'cycle_without_wait', 'tag'],
    ['a condition without its no branch', graph({ type: 'contact_created' }, [
      { id: 'check', type: 'condition', check: { kind: 'band', band: 'hot' }, yes: 'done', no: null },
      { id: 'done', type: 'end' },
    ]), 'missing_branch', 'check'],
    ['an unknown kind of step', graph({ type: 'contact_created' }, [{ id: 'fly', type: 'teleport' } as unknown as WorkflowStep]), 'unknown_step_type', 'fly'],
    ['a branch to no step', graph({ type: 'contact_created' }, [{ id: 'tag', type: 'add_tag', tag: 'a', next: 'nowhere' }]), 'unknown_target', 'tag'],
    ['shares that do not add up', graph({ type: 'contact_created' }, [
      { id: 'ab', type: 'split', branches: [{ share: 50, next: 'done' }, { share: 40, next: 'done' }] },
      { id: 'done', type: 'end' },
    ]), 'split_share_invalid', 'ab'],
  ];

  it.each(cases)('%s', async (_name, body, problem, stepId) => {
    const { data } = await owner.client.rpc('create_automation_workflow', { workspace_id: owner.organizationId, name: 'Broken', graph: body as never });
    const { error } = await owner.client.rpc('publish_automation_workflow', { workflow_id: data!.id });
    expect({ code: error?.code, details: error?.details, hint: error?.hint }).toEqual({ code: 'P0001', details: problem, hint: stepId });
    expect(error!.message).toContain(stepId);
    const [row] = await server.sql`select status from public.automation_workflows where id = ${data!.id}`;
    expect(row!.status).toBe('draft');
  });

  it('refuses a member of another workspace as the one to notify', async () => {
    const body = graph({ type: 'contact_created' }, [
      { id: 'tell', type: 'notify', member: other.id, message: 'Look', next: 'done' },
      { id: 'done', type: 'end' },
    ]);
    const { data } = await owner.client.rpc('create_automation_workflow', { workspace_id: owner.organizationId, name: 'Foreign member', graph: body as never });
    const { error } = await owner.client.rpc('publish_automation_workflow', { workflow_id: data!.id });
    expect({ details: error?.details, hint: error?.hint }).toEqual({ details: 'foreign_member', hint: 'tell' });
  });

  it('accepts a loop that passes a wait', async () => {
    const body = graph({ type: 'tag_added', tag: 'never-used-loop' }, [
      { id: 'pause', type: 'wait', minutes: 60, next: 'check' },
      { id: 'check', type: 'condition', check: { kind: 'tag', tag: 'replied' }, yes: 'done', no: 'pause' },
      { id: 'done', type: 'end' },
    ]);
    await publishWorkflow(owner, 'Loop with a wait', body);
  });
});

describe('triggers', () => {
  it('contact created, form submitted, tag added and score band entered each enroll, in the contact’s workspace only', async () => {
    const user = await signedInUser(server);
    const end: WorkflowStep[] = [{ id: 'done', type: 'end' }];
    const created = await publishWorkflow(user, 'Created', graph({ type: 'contact_created' }, end));
    const form = await publishWorkflow(user, 'Form', graph({ type: 'form_submitted' }, end));
    const tagged = await publishWorkflow(user, 'Tagged', graph({ type: 'tag_added', tag: 'vip' }, end));
    const hot = await publishWorkflow(user, 'Hot', graph({ type: 'score_band_entered', band: 'hot' }, end));

    const manual = await addContact(user, { first_name: 'Manual', email: 'manual@example.com' });
    const fromForm = await addContact(user, { first_name: 'Form', email: 'form@example.com', source: 'form' });
    await drain();
    expect((await enrollments(created)).map((row) => row.contact_id).sort()).toEqual([manual, fromForm].sort());
    expect((await enrollments(form)).map((row) => row.contact_id)).toEqual([fromForm]);
    expect(await enrollments(tagged)).toEqual([]);

    await user.client.from('contacts').update({ tags: ['other'] }).eq('id', manual);
    await drain();
    expect(await enrollments(tagged)).toEqual([]);
    await user.client.from('contacts').update({ tags: ['other', 'vip'] }).eq('id', manual);
    await user.client.from('contacts').update({ score_adjustment: 90 }).eq('id', fromForm);
    await drain();
    expect((await enrollments(tagged)).map((row) => [row.contact_id, row.status])).toEqual([[manual, 'finished']]);
    expect((await enrollments(hot)).map((row) => [row.contact_id, row.status])).toEqual([[fromForm, 'finished']]);
  });
});

describe('steps', () => {
  it('welcome series: tag, e-mail, wait (a stored due time), condition, stage, score, notice to the owner, end', async () => {
    const workflow = await publishWorkflow(owner, 'Welcome series', graph({ type: 'tag_added', tag: 'newsletter' }, [
      { id: 'welcome-tag', type: 'add_tag', tag: 'welcomed', next: 'welcome-mail' },
      { id: 'welcome-mail', type: 'send_email', subject: 'Welcome, {{first_name}}', body: 'Glad you are here, {{first_name}}.', next: 'pause' },
      { id: 'pause', type: 'wait', minutes: 2880, next: 'clicked' },
      { id: 'clicked', type: 'condition', check: { kind: 'tag', tag: 'clicked' }, yes: 'promote', no: 'untag' },
      { id: 'promote', type: 'set_stage', stage: 'lead', next: 'points' },
      { id: 'points', type: 'adjust_score', points: 15, next: 'tell-owner' },
      { id: 'tell-owner', type: 'notify', member: 'owner', message: 'Clicked the welcome e-mail', next: 'done' },
      { id: 'untag', type: 'remove_tag', tag: 'welcomed', next: 'done' },
      { id: 'done', type: 'end' },
    ]));
    const clicker = await addContact(owner, { first_name: 'Cleo', email: 'cleo@example.com', owner_id: owner.id, tags: ['newsletter'] });
    const quiet = await addContact(owner, { first_name: 'Quinn', email: 'quinn@example.com', tags: ['newsletter'] });
    await drain();

    // Both may enter in one statement (the same entered_at): each is found by its contact, not by position.
    const entered = await enrollments(workflow);
    const first = entered.find((row) => row.contact_id === clicker);
    const second = entered.find((row) => row.contact_id === quiet);
    expect([first!.status, first!.current_step, second!.status, second!.current_step]).toEqual(['active', 'pause', 'active', 'pause']);
    expect((await contact(clicker)).tags).toEqual(['newsletter', 'welcomed']);
    const [wait] = await server.sql`select round(extract(epoch from due_at - started_at) / 60) as minutes from public.automation_step_runs where enrollment_id = ${first!.id} and step_id = 'pause'`;
    expect(Number(wait!.minutes)).toBe(2880);
    const [job] = await server.sql`select run_at > now() + interval '47 hours' as later from graphile_worker.jobs where key = ${`automation:${first!.id}`}`;
    expect(job!.later).toBe(true);
    expect(sink.messages.filter((message) => message.includes('Subject: Welcome, Cleo'))).toHaveLength(1);
    expect(sink.messages.some((message) => message.includes('Glad you are here, Quinn.'))).toBe(true);

    // Cleo clicks; two days pass for both.
    await owner.client.from('contacts').update({ tags: ['newsletter', 'welcomed', 'clicked'] }).eq('id', clicker);
    await letTheWaitPass(first!.id, owner.organizationId);
    await letTheWaitPass(second!.id, owner.organizationId);

    expect(await stepRuns(first!.id)).toEqual([
      { step_id: 'welcome-tag', visit: 1, status: 'done', outcome: 'done' },
      { step_id: 'welcome-mail', visit: 1, status: 'done', outcome: 'done' },
      { step_id: 'pause', visit: 1, status: 'done', outcome: 'waited' },
      { step_id: 'clicked', visit: 1, status: 'done', outcome: 'yes' },
      { step_id: 'promote', visit: 1, status: 'done', outcome: 'done' },
      { step_id: 'points', visit: 1, status: 'done', outcome: 'done' },
      { step_id: 'tell-owner', visit: 1, status: 'done', outcome: 'done' },
      { step_id: 'done', visit: 1, status: 'done', outcome: 'end' },
    ]);
    expect(await contact(clicker)).toEqual({ tags: ['newsletter', 'welcomed', 'clicked'], lifecycle_stage: 'lead', score_adjustment: 15 });
    expect((await stepRuns(second!.id)).map((run) => `${run.step_id}:${run.outcome}`).slice(3)).toEqual(['clicked:no', 'untag:done', 'done:end']);
    expect(await contact(quiet)).toMatchObject({ tags: ['newsletter'], lifecycle_stage: 'subscriber', score_adjustment: 0 });

    const { data: notices } = await owner.client.from('member_notices').select('title, body, contact_id');
    expect(notices).toEqual([{ title: 'Welcome series: Cleo', body: 'Clicked the welcome e-mail', contact_id: clicker }]);
    const { data: counts } = await owner.client.rpc('automation_workflow_counts', { workspace_id: owner.organizationId });
    expect(counts!.find((row) => row.workflow_id === workflow)).toMatchObject({ entered: 2, active: 0, finished: 2, failed: 0, at_step: {} });
  });

  it('a random split sends contacts down each branch by its share; a notice to a missing owner is skipped', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, 'A/B', graph({ type: 'contact_created' }, [
      { id: 'ab', type: 'split', branches: [{ share: 50, next: 'a' }, { share: 50, next: 'b' }] },
      { id: 'a', type: 'add_tag', tag: 'variant-a', next: 'tell' },
      { id: 'b', type: 'add_tag', tag: 'variant-b', next: 'tell' },
      { id: 'tell', type: 'notify', member: 'owner', message: 'x', next: 'done' },
      { id: 'done', type: 'end' },
    ]));
    for (let i = 0; i < 40; i += 1) await addContact(user, { first_name: `P${i}` });
    await drain();
    const outcomes = await server.sql<{ outcome: string; n: number }[]>`
      select r.outcome, count(*)::int as n from public.automation_step_runs r join public.automation_enrollments e on e.id = r.enrollment_id
      where e.workflow_id = ${workflow} and r.step_id = 'ab' group by r.outcome order by r.outcome`;
    expect(outcomes.map((row) => row.outcome)).toEqual(['branch 1', 'branch 2']);
    expect(outcomes.reduce((sum, row) => sum + row.n, 0)).toBe(40);
    const tells = await server.sql`select distinct r.status, r.outcome from public.automation_step_runs r join public.automation_enrollments e on e.id = r.enrollment_id where e.workflow_id = ${workflow} and r.step_id = 'tell'`;
    expect(tells.map((row) => ({ ...row }))).toEqual([{ status: 'skipped', outcome: 'no_owner' }]);
  });

  it('a step that fails records its error, undoes its effect and counts as failed', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, 'Too many tags', graph({ type: 'contact_created' }, [
      { id: 'tag', type: 'add_tag', tag: 'one-too-many', next: 'done' },
      { id: 'done', type: 'end' },
    ]));
    const full = Array.from({ length: 50 }, (_, i) => `t${i}`);
    const id = await addContact(user, { first_name: 'Full', tags: full });
    await drain();
    const [run] = await enrollments(workflow);
    expect(run!.status).toBe('failed');
    expect(run!.error).toMatch(/contacts_tags_check/);
    expect((await contact(id)).tags).toEqual(full);
    const { data: counts } = await user.client.rpc('automation_workflow_counts', { workspace_id: user.organizationId });
    expect(counts).toEqual([expect.objectContaining({ workflow_id: workflow, entered: 1, failed: 1 })]);
  });
});

describe('enrollment rules', () => {
  it('never two active runs of one workflow for one contact; "once" never again; "again after exit" once it left', async () => {
    const user = await signedInUser(server);
    const wait: WorkflowStep[] = [{ id: 'pause', type: 'wait', minutes: 60, next: 'done' }, { id: 'done', type: 'end' }];
    const once = await publishWorkflow(user, 'Once', graph({ type: 'tag_added', tag: 'go' }, wait, 'once'));
    const again = await publishWorkflow(user, 'Again', graph({ type: 'tag_added', tag: 'go' }, wait, 'again_after_exit'));
    const id = await addContact(user, { first_name: 'Rita', tags: ['go'] });
    await drain();
    // The trigger fires again while the runs wait: nothing new.
    await user.client.from('contacts').update({ tags: [] }).eq('id', id);
    await user.client.from('contacts').update({ tags: ['go'] }).eq('id', id);
    await drain();
    expect((await enrollments(once)).map((row) => row.status)).toEqual(['active']);
    expect((await enrollments(again)).map((row) => row.status)).toEqual(['active']);

    for (const workflow of [once, again]) await letTheWaitPass((await enrollments(workflow))[0]!.id, user.organizationId);
    await user.client.from('contacts').update({ tags: [] }).eq('id', id);
    await user.client.from('contacts').update({ tags: ['go'] }).eq('id', id);
    await drain();
    expect((await enrollments(once)).map((row) => row.status)).toEqual(['finished']);
    expect((await enrollments(again)).map((row) => row.status)).toEqual(['finished', 'active']);
  });
});

describe('the run log', () => {
  it('is kept AUTOMATION_LOG_DAYS (this server: 30) and pruned by the daily clean-up job', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, 'Logged', graph({ type: 'contact_created' }, [{ id: 'done', type: 'end' }]));
    await server.sql`
      insert into public.automation_run_log (organization_id, workflow_id, event, detail, created_at)
      values (${user.organizationId}, ${workflow}, 'entered', 'old', now() - interval '31 days'),
             (${user.organizationId}, ${workflow}, 'entered', 'recent', now() - interval '29 days')`;
    await enqueueJobByName(server.sql, 'clean_up_automation_log', {});
    await drain();
    const kept = await server.sql`select detail from public.automation_run_log where workflow_id = ${workflow} order by id`;
    expect(kept.map((row) => row.detail)).toEqual(['recent']);
  });
});

describe('limits', () => {
  it('beyond its enrollments per hour, a workspace’s events are put off, not dropped', async () => {
    const user = await signedInUser(server);
    await server.sql`insert into private.automation_workspace_limits (workspace_id, enrollments_per_hour) values (${user.organizationId}, 2)`;
    const workflow = await publishWorkflow(user, 'Limited', graph({ type: 'contact_created' }, [{ id: 'done', type: 'end' }]));
    for (const name of ['One', 'Two', 'Three']) await addContact(user, { first_name: name });
    await drain();
    expect(await enrollments(workflow)).toHaveLength(2);
    const [later] = await server.sql<{ key: string; event_id: number; later: boolean }[]>`
      select j.key, e.id::int as event_id, j.run_at > now() + interval '4 minutes' as later
      from graphile_worker.jobs j join private.workspace_events e on j.key = 'event:' || e.id || ':automation_enroll:later'
      where e.workspace_id = ${user.organizationId}`;
    expect(later!.later).toBe(true);

    // An hour on (the limit raised here instead): the put-off event enrolls its contact.
    await server.sql`update private.automation_workspace_limits set enrollments_per_hour = 3 where workspace_id = ${user.organizationId}`;
    await server.sql`select private.enqueue_job('automation_enroll', ${server.sql.json({ workspace_id: user.organizationId, event_id: later!.event_id })}, now(), ${later!.key})`;
    await drain();
    expect(await enrollments(workflow)).toHaveLength(3);
  });
});

describe('versions', () => {
  it('editing a published workflow makes a draft; runs in flight finish on the version they started', async () => {
    const user = await signedInUser(server);
    const v1 = graph({ type: 'contact_created' }, [
      { id: 'pause', type: 'wait', minutes: 30, next: 'mark' },
      { id: 'mark', type: 'add_tag', tag: 'v1', next: 'done' },
      { id: 'done', type: 'end' },
    ]);
    const workflow = await publishWorkflow(user, 'Versioned', v1);
    const early = await addContact(user, { first_name: 'Early' });
    await drain();

    const v2 = { ...v1, steps: v1.steps.map((step) => (step.id === 'mark' ? { ...step, tag: 'v2' } : step)) } as WorkflowGraph;
    const { data: draft, error } = await user.client.rpc('save_automation_draft', { workflow_id: workflow, graph: v2 as never });
    expect(error).toBeNull();
    expect(draft).toMatchObject({ version: 2, state: 'draft' });
    const { data: versions } = await user.client.from('automation_workflow_versions').select('version, state').eq('workflow_id', workflow).order('version');
    expect(versions).toEqual([{ version: 1, state: 'published' }, { version: 2, state: 'draft' }]);
    // As the module page reads them: each workflow with its live versions, embedded through the versions' key.
    const { data: listed, error: listError } = await user.client
      .from('automation_workflows')
      .select('id, automation_workflow_versions!automation_workflow_versions_workflow_id_organization_id_fkey(version, state)')
      .eq('id', workflow)
      .in('automation_workflow_versions.state', ['draft', 'published']);
    expect(listError).toBeNull();
    expect(listed![0]!.automation_workflow_versions.map((row) => row.version).sort()).toEqual([1, 2]);

    expect((await user.client.rpc('publish_automation_workflow', { workflow_id: workflow })).error).toBeNull();
    const late = await addContact(user, { first_name: 'Late' });
    await drain();
    for (const run of await enrollments(workflow)) await letTheWaitPass(run.id, user.organizationId);
    expect((await contact(early)).tags).toEqual(['v1']);
    expect((await contact(late)).tags).toEqual(['v2']);
    const { data: after } = await user.client.from('automation_workflow_versions').select('version, state').eq('workflow_id', workflow).order('version');
    expect(after).toEqual([{ version: 1, state: 'retired' }, { version: 2, state: 'published' }]);
  });

  it('a paused workflow enrolls nobody until it is resumed', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, 'Pausable', graph({ type: 'contact_created' }, [{ id: 'done', type: 'end' }]));
    expect((await user.client.rpc('set_automation_workflow_paused', { workflow_id: workflow, paused: true })).data).toMatchObject({ status: 'paused' });
    await addContact(user, { first_name: 'Paula' });
    await drain();
    expect(await enrollments(workflow)).toEqual([]);
    await user.client.rpc('set_automation_workflow_paused', { workflow_id: workflow, paused: false });
    await addContact(user, { first_name: 'Resa' });
    await drain();
    expect(await enrollments(workflow)).toHaveLength(1);
  });
});

describe('exactly once', () => {
  it('jobs run again (a worker killed after the step, before the job was done) repeat no tag, e-mail or enrollment', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, 'Once only', graph({ type: 'contact_created' }, [
      { id: 'points', type: 'adjust_score', points: 5, next: 'mail' },
      { id: 'mail', type: 'send_email', subject: 'Exactly once please', body: 'Hello', next: 'done' },
      { id: 'done', type: 'end' },
    ]));
    const id = await addContact(user, { first_name: 'Ona', email: 'ona@example.com' });
    await drain();
    const [run] = await enrollments(workflow);
    const [event] = await server.sql<{ id: string }[]>`select id::text from private.workspace_events where subject_id = ${id} and type = 'contact.created'`;

    await server.sql`select private.enqueue_job('automation_enroll', ${server.sql.json({ workspace_id: user.organizationId, event_id: Number(event!.id) })})`;
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: user.organizationId, enrollment_id: run!.id })})`;
    await drain();
    // The step recorded and applied again directly: the same key is refused as already past.
    const [again] = await server.sql`select private.automation_apply_step(${user.organizationId}, ${run!.id}, 'points', 1, '{"outcome":"done","next":"mail"}') as result`;
    expect(again!.result).toBe('inactive');

    expect(await enrollments(workflow)).toHaveLength(1);
    expect((await contact(id)).score_adjustment).toBe(5);
    const emails = await server.sql`select status from public.email_deliveries where kind = 'automation' and email = 'ona@example.com'`;
    expect(emails.map((row) => row.status)).toEqual(['sent']);
    expect(sink.messages.filter((message) => message.includes('Exactly once please'))).toHaveLength(1);
  });
});

describe('another workspace', () => {
  it('cannot enroll or touch a workspace’s contacts through its events, its workflows or forged jobs', async () => {
    const victim = await signedInUser(server);
    const attacker = await signedInUser(server);
    const victimFlow = await publishWorkflow(victim, 'Victim', graph({ type: 'tag_added', tag: 'x' }, [{ id: 'done', type: 'end' }]));
    await publishWorkflow(attacker, 'Attacker', graph({ type: 'contact_created' }, [
      { id: 'tag', type: 'add_tag', tag: 'pwned', next: 'done' },
      { id: 'done', type: 'end' },
    ]));
    const victimContact = await addContact(victim, { first_name: 'Vera' });
    await drain();
    expect((await contact(victimContact)).tags).toEqual([]);
    expect(await server.sql`select 1 from public.automation_enrollments where contact_id = ${victimContact}`).toEqual([]);

    // An event of the attacker's workspace naming the victim's contact: its job enrolls nobody.
    const [forged] = await server.sql<{ id: string }[]>`
      select private.record_workspace_event(${attacker.organizationId}, 'contact.created', ${victimContact})::text as id`;
    // The victim's workspace named in a job with the attacker's event, and the attacker's workspace with the victim's.
    const [victimEvent] = await server.sql<{ id: string }[]>`
      insert into private.workspace_events (workspace_id, type, subject_id, payload)
      values (${victim.organizationId}, 'contact.tag_added', ${victimContact}, '{"tags": ["x"]}') returning id::text`;
    await server.sql`select private.enqueue_job('automation_enroll', ${server.sql.json({ workspace_id: attacker.organizationId, event_id: Number(victimEvent!.id) })}, now(), 'forged-1', 1)`;
    await server.sql`select private.enqueue_job('automation_enroll', ${server.sql.json({ workspace_id: victim.organizationId, event_id: Number(forged!.id) })}, now(), 'forged-2', 1)`;
    await drain();
    expect(await server.sql`select 1 from public.automation_enrollments where contact_id = ${victimContact}`).toEqual([]);
    expect((await contact(victimContact)).tags).toEqual([]);
    const failures = await server.sql`select last_error from private.failed_jobs where task = 'automation_enroll'`;
    expect(failures.some((row) => /does not belong to workspace/.test(String(row.last_error)))).toBe(true);

    // A step job naming the victim's enrollment under the attacker's workspace is refused too.
    await victim.client.from('contacts').update({ tags: ['x'] }).eq('id', victimContact);
    await drain();
    const [run] = await enrollments(victimFlow);
    await expect(server.sql`select private.automation_step_context(${attacker.organizationId}, ${run!.id})`).rejects.toMatchObject({ code: '42501' });
    await expect(server.sql`select private.automation_apply_step(${attacker.organizationId}, ${run!.id}, 'done', 1, '{"outcome":"end","next":null}')`).rejects.toMatchObject({ code: '42501' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph, WorkflowStep } from '../../src/features/automation/utils/workflow-graph';
import { addContact, publishWorkflowResult } from '../support/automation';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Automation's "change owner" step and a workflow's goal (issue 29) through supabase-js against the real server, its
 * job runner and PostgreSQL: publishing names a step whose new owner is not a member of the workspace; a run sets the
 * owner, or skips a member who left; a contact that meets the goal exits the run (when its next step runs, and at the
 * moment the contact changes) and counts as a goal conversion.
 */

let server: TestServer;
let owner: SignedInUser;
let colleague: SignedInUser;
let other: SignedInUser;

const drain = async () => {
  for (let round = 0; round < 4; round += 1) await server.app.jobRunner!()!.drain();
};

const graph = (steps: WorkflowStep[], extra: Partial<WorkflowGraph> = {}): WorkflowGraph => ({ trigger: { type: 'contact_created' }, enrollment: 'once', steps, ...extra });

async function publishWorkflow(user: SignedInUser, body: WorkflowGraph): Promise<string> {
  const { id, error } = await publishWorkflowResult(user, body, 'Steps');
  expect(error).toBeNull();
  return id;
}

async function publishError(user: SignedInUser, body: WorkflowGraph) {
  const { error } = await publishWorkflowResult(user, body, 'Steps');
  return { code: error?.code, details: error?.details, hint: error?.hint, message: error?.message };
}

const enrollmentOf = async (workflowId: string, contactId: string) => {
  const [row] = await server.sql<{ id: string; status: string; exit_reason: string | null; current_step: string | null }[]>`
    select id, status, exit_reason, current_step from public.automation_enrollments where workflow_id = ${workflowId} and contact_id = ${contactId}`;
  return { ...row! };
};

const stepRuns = (enrollmentId: string) =>
  server.sql<{ step_id: string; status: string; outcome: string | null }[]>`
    select step_id, status, outcome from public.automation_step_runs where enrollment_id = ${enrollmentId} order by id`.then((rows) => rows.map((row) => ({ ...row })));

const ownerOf = async (contactId: string) => (await server.sql<{ owner_id: string | null }[]>`select owner_id from public.contacts where id = ${contactId}`)[0]!.owner_id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
  colleague = await signedInUser(server);
  other = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${colleague.id}, 'member')`;
});

afterAll(async () => {
  await server?.close();
});

describe('the change owner step', () => {
  const ownerStep = (member: string): WorkflowStep[] => [{ id: 'hand-over', type: 'set_owner', member, next: 'done' }, { id: 'done', type: 'end' }];

  it('cannot be published with a member of another workspace, a non-member or no member, and names the step', async () => {
    expect(await publishError(owner, graph(ownerStep(other.id)))).toMatchObject({ code: 'P0001', details: 'foreign_member', hint: 'hand-over' });
    expect((await publishError(owner, graph(ownerStep(other.id)))).message).toContain('hand-over');
    expect(await publishError(owner, graph(ownerStep('00000000-0000-4000-8000-000000000000')))).toMatchObject({ details: 'foreign_member', hint: 'hand-over' });
    expect(await publishError(owner, graph(ownerStep('')))).toMatchObject({ details: 'member_missing', hint: 'hand-over' });
  });

  it('makes the named member of the workspace the contact’s owner', async () => {
    const user = await signedInUser(server);
    const teammate = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${user.organizationId}, ${teammate.id}, 'member')`;
    const workflow = await publishWorkflow(user, graph(ownerStep(teammate.id)));
    const contactId = await addContact(user, { first_name: 'Olga', owner_id: user.id });
    await drain();

    const run = await enrollmentOf(workflow, contactId);
    expect(run.status).toBe('finished');
    expect(await stepRuns(run.id)).toEqual([{ step_id: 'hand-over', status: 'done', outcome: 'done' }, { step_id: 'done', status: 'done', outcome: 'end' }]);
    expect(await ownerOf(contactId)).toBe(teammate.id);
  });

  it('skips a member who left the workspace since it was published, and keeps the owner', async () => {
    const user = await signedInUser(server);
    const leaver = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${user.organizationId}, ${leaver.id}, 'member')`;
    const workflow = await publishWorkflow(user, graph(ownerStep(leaver.id)));
    await server.sql`delete from public.organization_members where organization_id = ${user.organizationId} and user_id = ${leaver.id}`;
    const contactId = await addContact(user, { first_name: 'Pia', owner_id: user.id });
    await drain();

    const run = await enrollmentOf(workflow, contactId);
    expect(run.status).toBe('finished');
    expect((await stepRuns(run.id))[0]).toEqual({ step_id: 'hand-over', status: 'skipped', outcome: 'not_a_member' });
    expect(await ownerOf(contactId)).toBe(user.id);
  });
});

describe('a workflow’s goal', () => {
  const nurture = (goal: WorkflowGraph['goal']) => graph([
    { id: 'pause', type: 'wait', minutes: 60, next: 'nudge' },
    { id: 'nudge', type: 'add_tag', tag: 'nudged', next: 'done' },
    { id: 'done', type: 'end' },
  ], { goal });

  /** Time passes: the run's wait is due now and its job (the same key) runs now. */
  async function letTheWaitPass(enrollmentId: string, workspaceId: string) {
    await server.sql`update public.automation_step_runs set due_at = now() - interval '1 second' where enrollment_id = ${enrollmentId} and status = 'waiting'`;
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: workspaceId, enrollment_id: enrollmentId })}, now(), ${`automation:${enrollmentId}`}, 10)`;
    await drain();
  }

  const goals = async (user: SignedInUser, workflowId: string) => {
    const { data, error } = await user.client.rpc('automation_workflow_counts', { workspace_id: user.organizationId });
    expect(error).toBeNull();
    const row = data!.find((entry) => entry.workflow_id === workflowId)!;
    return { entered: row.entered, finished: row.finished, exited: row.exited, goals: row.goals };
  };

  it('cannot be published when it names no stage or tag', async () => {
    expect(await publishError(owner, nurture({ kind: 'stage', stage: 'royalty' } as never))).toMatchObject({ code: 'P0001', details: 'goal_invalid' });
    expect(await publishError(owner, nurture({ kind: 'tag', tag: ' ' }))).toMatchObject({ details: 'goal_invalid' });
    expect(await publishError(owner, nurture({ kind: 'band', band: 'hot' } as never))).toMatchObject({ details: 'goal_invalid' });
  });

  it('met while the contact waits (no trigger fired), the run exits when its next step runs, and counts as a goal conversion', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, nurture({ kind: 'stage', stage: 'customer' }));
    const buyer = await addContact(user, { first_name: 'Bea' });
    const browser = await addContact(user, { first_name: 'Ben' });
    await drain();
    const bought = await enrollmentOf(workflow, buyer);
    expect(bought).toMatchObject({ status: 'active', current_step: 'pause' });

    // Changed behind the application's back (no trigger runs): only the step job can see the goal.
    await server.sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update public.contacts set lifecycle_stage = 'customer' where id = ${buyer}`;
    });
    await letTheWaitPass(bought.id, user.organizationId);
    await letTheWaitPass((await enrollmentOf(workflow, browser)).id, user.organizationId);

    expect(await enrollmentOf(workflow, buyer)).toMatchObject({ status: 'exited', exit_reason: 'goal' });
    expect(await stepRuns(bought.id)).toEqual([{ step_id: 'pause', status: 'skipped', outcome: 'exit_goal' }]);
    expect((await server.sql`select tags from public.contacts where id = ${buyer}`)[0]!.tags).toEqual([]);
    expect(await server.sql`select event, step_id, detail from public.automation_run_log where enrollment_id = ${bought.id} and event = 'exited'`).toEqual([
      { event: 'exited', step_id: 'pause', detail: 'goal' },
    ]);
    expect(await enrollmentOf(workflow, browser)).toMatchObject({ status: 'finished', exit_reason: null });
    expect(await goals(user, workflow)).toEqual({ entered: 2, finished: 1, exited: 1, goals: 1 });
  });

  it('met at the moment the contact changes (a tag added through the API), the waiting run exits without waiting out its wait', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, nurture({ kind: 'tag', tag: 'purchased' }));
    const contactId = await addContact(user, { first_name: 'Cy' });
    await drain();
    const run = await enrollmentOf(workflow, contactId);
    expect(run.status).toBe('active');

    const { error } = await user.client.from('contacts').update({ tags: ['purchased'] }).eq('id', contactId);
    expect(error).toBeNull();
    await drain();

    expect(await enrollmentOf(workflow, contactId)).toMatchObject({ status: 'exited', exit_reason: 'goal' });
    expect(await goals(user, workflow)).toEqual({ entered: 1, finished: 0, exited: 1, goals: 1 });
  });

  it('a change that does not meet the goal leaves the run waiting until its due time', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, nurture({ kind: 'tag', tag: 'purchased' }));
    const contactId = await addContact(user, { first_name: 'Di' });
    await drain();
    const run = await enrollmentOf(workflow, contactId);
    const [before] = await server.sql<{ due_at: Date }[]>`select due_at from public.automation_step_runs where enrollment_id = ${run.id}`;

    await user.client.from('contacts').update({ tags: ['browsing'] }).eq('id', contactId);
    await drain();

    expect(await enrollmentOf(workflow, contactId)).toMatchObject({ status: 'active', current_step: 'pause' });
    const [after] = await server.sql<{ due_at: Date; status: string }[]>`select due_at, status from public.automation_step_runs where enrollment_id = ${run.id}`;
    expect(after).toEqual({ due_at: before!.due_at, status: 'waiting' });
    const [job] = await server.sql<{ run_at: Date }[]>`select run_at from graphile_worker.jobs where key = ${`automation:${run.id}`}`;
    expect(job!.run_at.getTime()).toBe(before!.due_at.getTime());
  });
});

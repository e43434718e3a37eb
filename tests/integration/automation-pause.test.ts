import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph, WorkflowStep } from '../../src/features/automation/utils/workflow-graph';
import { addContact, publishWorkflowResult } from '../support/automation';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Pausing a workflow holds its runs in flight (issue 29), through supabase-js against the real server, its job runner
 * and PostgreSQL: a wait that comes due while the workflow is paused does not take its next step (no tag, no score,
 * no step run), even when its job runs again; resuming (or publishing a new version) takes the step at once, exactly
 * once; a wait still ahead keeps its due time; viewers and other workspaces can neither pause nor resume.
 */

let server: TestServer;
let owner: SignedInUser;
let viewer: SignedInUser;
let other: SignedInUser;

const drain = async () => {
  for (let round = 0; round < 4; round += 1) await server.app.jobRunner!()!.drain();
};

const STEPS: WorkflowStep[] = [
  { id: 'hello', type: 'add_tag', tag: 'greeted', next: 'pause' },
  { id: 'pause', type: 'wait', minutes: 60, next: 'follow-up' },
  { id: 'follow-up', type: 'add_tag', tag: 'followed-up', next: 'points' },
  { id: 'points', type: 'adjust_score', points: 5, next: 'done' },
  { id: 'done', type: 'end' },
];
const GRAPH: WorkflowGraph = { trigger: { type: 'contact_created' }, enrollment: 'once', steps: STEPS };

async function publishWorkflow(user: SignedInUser): Promise<string> {
  const { id, error } = await publishWorkflowResult(user, GRAPH, 'Follow-up');
  expect(error).toBeNull();
  return id;
}

const setPaused = (user: SignedInUser, workflowId: string, paused: boolean) =>
  user.client.rpc('set_automation_workflow_paused', { workflow_id: workflowId, paused });

const enrollmentOf = async (workflowId: string, contactId: string) => {
  const [row] = await server.sql<{ id: string; status: string; current_step: string | null }[]>`
    select id, status, current_step from public.automation_enrollments where workflow_id = ${workflowId} and contact_id = ${contactId}`;
  return { ...row! };
};

const stepRuns = (enrollmentId: string) =>
  server.sql<{ step_id: string; visit: number; status: string }[]>`
    select step_id, visit, status from public.automation_step_runs where enrollment_id = ${enrollmentId} order by id`.then((rows) => rows.map((row) => ({ ...row })));

const contactState = async (contactId: string) => {
  const [row] = await server.sql<{ tags: string[]; score_adjustment: number }[]>`select tags, score_adjustment from public.contacts where id = ${contactId}`;
  return { ...row! };
};

/** Time passes while nobody watches: the wait is due (in the database), and its job runs as it would at that moment. */
async function theWaitComesDue(enrollmentId: string, workspaceId: string) {
  await server.sql`update public.automation_step_runs set due_at = now() - interval '1 second' where enrollment_id = ${enrollmentId} and status = 'waiting'`;
  await server.sql`update public.automation_enrollments set due_at = now() - interval '1 second' where id = ${enrollmentId}`;
  await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: workspaceId, enrollment_id: enrollmentId })}, now(), ${`automation:${enrollmentId}`}, 10)`;
  await drain();
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
  viewer = await signedInUser(server);
  other = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${viewer.id}, 'viewer')`;
});

afterAll(async () => {
  await server?.close();
});

describe('a paused workflow holds its runs in flight', () => {
  it('a wait that comes due while paused takes no step; resuming takes it at once, exactly once', async () => {
    const workflow = await publishWorkflow(owner);
    const contactId = await addContact(owner, { first_name: 'Hilde', email: 'hilde@example.com' });
    await drain();
    const run = await enrollmentOf(workflow, contactId);
    expect(run).toMatchObject({ status: 'active', current_step: 'pause' });
    const before = await contactState(contactId);
    expect(before.tags).toEqual(['greeted']);

    expect((await setPaused(owner, workflow, true)).data).toMatchObject({ status: 'paused' });
    await theWaitComesDue(run.id, owner.organizationId);
    // Its job ran again (a crash, a goal check): still nothing.
    await theWaitComesDue(run.id, owner.organizationId);

    expect(await enrollmentOf(workflow, contactId)).toMatchObject({ status: 'active', current_step: 'pause' });
    expect(await stepRuns(run.id)).toEqual([
      { step_id: 'hello', visit: 1, status: 'done' },
      { step_id: 'pause', visit: 1, status: 'waiting' },
    ]);
    expect(await contactState(contactId)).toEqual(before);
    const { data: counts } = await owner.client.rpc('automation_workflow_counts', { workspace_id: owner.organizationId });
    expect(counts!.find((row) => row.workflow_id === workflow)).toMatchObject({ active: 1, finished: 0, at_step: { pause: 1 } });

    expect((await setPaused(owner, workflow, false)).data).toMatchObject({ status: 'published' });
    await drain();
    expect(await enrollmentOf(workflow, contactId)).toMatchObject({ status: 'finished' });
    expect(await stepRuns(run.id)).toEqual([
      { step_id: 'hello', visit: 1, status: 'done' },
      { step_id: 'pause', visit: 1, status: 'done' },
      { step_id: 'follow-up', visit: 1, status: 'done' },
      { step_id: 'points', visit: 1, status: 'done' },
      { step_id: 'done', visit: 1, status: 'done' },
    ]);
    expect(await contactState(contactId)).toEqual({ tags: ['greeted', 'followed-up'], score_adjustment: before.score_adjustment + 5 });

    // Pausing and resuming again, and the job running once more, repeat nothing.
    await setPaused(owner, workflow, true);
    await setPaused(owner, workflow, false);
    await theWaitComesDue(run.id, owner.organizationId);
    expect(await stepRuns(run.id)).toHaveLength(5);
    expect(await contactState(contactId)).toEqual({ tags: ['greeted', 'followed-up'], score_adjustment: before.score_adjustment + 5 });
  });

  it('publishing a new version of a paused workflow puts it live again, and its held runs go on (on their version)', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user);
    const contactId = await addContact(user, { first_name: 'Paulo' });
    await drain();
    const run = await enrollmentOf(workflow, contactId);
    await setPaused(user, workflow, true);
    await theWaitComesDue(run.id, user.organizationId);
    expect((await contactState(contactId)).tags).toEqual(['greeted']);

    const edited: WorkflowGraph = { ...GRAPH, steps: GRAPH.steps.map((step) => (step.id === 'follow-up' ? { ...step, tag: 'v2' } : step)) };
    expect((await user.client.rpc('save_automation_draft', { workflow_id: workflow, graph: edited as never })).error).toBeNull();
    expect((await user.client.rpc('publish_automation_workflow', { workflow_id: workflow })).data).toMatchObject({ status: 'published' });
    await drain();
    expect(await enrollmentOf(workflow, contactId)).toMatchObject({ status: 'finished' });
    expect((await contactState(contactId)).tags).toEqual(['greeted', 'followed-up']);
  });

  it('resuming leaves a wait that is still ahead waiting until its due time', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user);
    const contactId = await addContact(user, { first_name: 'Wanda' });
    await drain();
    const run = await enrollmentOf(workflow, contactId);
    await setPaused(user, workflow, true);
    await setPaused(user, workflow, false);
    await drain();
    expect(await enrollmentOf(workflow, contactId)).toMatchObject({ status: 'active', current_step: 'pause' });
    expect((await stepRuns(run.id)).map((row) => row.status)).toEqual(['done', 'waiting']);
    const [due] = await server.sql<{ minutes: number }[]>`
      select round(extract(epoch from due_at - now()) / 60)::integer as minutes from public.automation_step_runs where enrollment_id = ${run.id} and step_id = 'pause'`;
    expect(due!.minutes).toBeGreaterThanOrEqual(58);
  });

  it('a viewer or another workspace can neither pause nor resume it, and its held run stays held', async () => {
    const workflow = await publishWorkflow(owner);
    const contactId = await addContact(owner, { first_name: 'Vera' });
    await drain();
    const run = await enrollmentOf(workflow, contactId);

    for (const paused of [true, false]) {
      const byViewer = await setPaused(viewer, workflow, paused);
      expect({ code: byViewer.error?.code, details: byViewer.error?.details }).toEqual({ code: '42501', details: 'role_too_low' });
      const byOther = await setPaused(other, workflow, paused);
      expect({ code: byOther.error?.code, details: byOther.error?.details }).toEqual({ code: 'P0001', details: 'unknown_workflow' });
    }
    const [running] = await server.sql`select status from public.automation_workflows where id = ${workflow}`;
    expect(running!.status).toBe('published');

    await setPaused(owner, workflow, true);
    expect((await setPaused(viewer, workflow, false)).error?.details).toBe('role_too_low');
    expect((await setPaused(other, workflow, false)).error?.details).toBe('unknown_workflow');
    const anonymous = await server.client().rpc('set_automation_workflow_paused', { workflow_id: workflow, paused: false });
    expect(anonymous.error?.code).toBe('42501');
    await theWaitComesDue(run.id, owner.organizationId);
    const [held] = await server.sql`select status from public.automation_workflows where id = ${workflow}`;
    expect(held!.status).toBe('paused');
    expect(await enrollmentOf(workflow, contactId)).toMatchObject({ status: 'active', current_step: 'pause' });
    expect((await contactState(contactId)).tags).toEqual(['greeted']);
  });
});

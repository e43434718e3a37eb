import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph, WorkflowStep } from '../../src/features/automation/utils/workflow-graph';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * What happened (issue 29 §6) through supabase-js against the real server and its job runner: a workflow's failed
 * runs with their error, a retry that runs the failed step once (steps done before it are not repeated, a second
 * retry is refused, viewers and other workspaces cannot retry), and a contact's timeline that only its workspace reads.
 */

let server: TestServer;
let owner: SignedInUser;
let viewer: SignedInUser;
let other: SignedInUser;

const drain = async () => {
  for (let round = 0; round < 4; round += 1) await server.app.jobRunner!()!.drain();
};

const graph = (steps: WorkflowStep[]): WorkflowGraph => ({ trigger: { type: 'contact_created' }, enrollment: 'once', steps });

async function publishWorkflow(name: string, body: WorkflowGraph): Promise<string> {
  const { data, error } = await owner.client.rpc('create_automation_workflow', { workspace_id: owner.organizationId, name, graph: body as never });
  expect(error).toBeNull();
  expect((await owner.client.rpc('publish_automation_workflow', { workflow_id: data!.id })).error).toBeNull();
  return data!.id;
}

async function addContact(fields: Record<string, unknown>): Promise<string> {
  const { data, error } = await owner.client.from('contacts').insert({ organization_id: owner.organizationId, ...fields } as never).select('id').single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

const full = Array.from({ length: 50 }, (_, i) => `t${i}`);

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

describe('failed runs and their retry', () => {
  it('lists the failed step with its error; a member’s retry runs it once, without repeating the steps done before it', async () => {
    const workflow = await publishWorkflow('Score then tag', graph([
      { id: 'points', type: 'adjust_score', points: 5, next: 'tag' },
      { id: 'tag', type: 'add_tag', tag: 'one-too-many', next: 'done' },
      { id: 'done', type: 'end' },
    ]));
    const contactId = await addContact({ first_name: 'Fay', last_name: 'Full', tags: full });
    await drain();

    const { data: failed, error } = await owner.client.rpc('automation_failed_runs', { workflow_id: workflow });
    expect(error).toBeNull();
    expect(failed).toEqual([expect.objectContaining({ contact_id: contactId, contact_name: 'Fay Full', step_id: 'tag', error: expect.stringMatching(/contacts_tags_check/) })]);
    const enrollmentId = failed![0]!.enrollment_id;

    // Viewers, other workspaces and anonymous callers cannot retry, and learn nothing of another workspace's runs.
    const byViewer = await viewer.client.rpc('retry_automation_enrollment', { enrollment_id: enrollmentId });
    expect({ code: byViewer.error?.code, details: byViewer.error?.details }).toEqual({ code: '42501', details: 'role_too_low' });
    const byOther = await other.client.rpc('retry_automation_enrollment', { enrollment_id: enrollmentId });
    expect({ code: byOther.error?.code, details: byOther.error?.details }).toEqual({ code: 'P0001', details: 'unknown_enrollment' });
    expect((await other.client.rpc('automation_failed_runs', { workflow_id: workflow })).data).toEqual([]);
    const [still] = await server.sql`select status from public.automation_enrollments where id = ${enrollmentId}`;
    expect(still!.status).toBe('failed');

    // The cause goes away; the member retries — twice at once, and only one retry counts.
    await owner.client.from('contacts').update({ tags: full.slice(1) }).eq('id', contactId);
    const [first, second] = await Promise.all([
      owner.client.rpc('retry_automation_enrollment', { enrollment_id: enrollmentId }),
      owner.client.rpc('retry_automation_enrollment', { enrollment_id: enrollmentId }),
    ]);
    const outcomes = [first, second].map((result) => (result.error ? result.error.details : result.data!.status)).sort();
    expect(outcomes).toEqual(['active', 'not_failed']);
    await drain();

    const [enrollment] = await server.sql`select status, error from public.automation_enrollments where id = ${enrollmentId}`;
    expect({ ...enrollment }).toEqual({ status: 'finished', error: null });
    const [contact] = await server.sql<{ tags: string[]; score_adjustment: number }[]>`select tags, score_adjustment from public.contacts where id = ${contactId}`;
    expect(contact!.score_adjustment).toBe(5);
    expect(contact!.tags.filter((tag) => tag === 'one-too-many')).toHaveLength(1);
    const runs = await server.sql`select step_id, visit, status from public.automation_step_runs where enrollment_id = ${enrollmentId} order by id`;
    expect(runs.map((run) => `${run.step_id}:${run.visit}:${run.status}`)).toEqual(['points:1:done', 'tag:1:done', 'done:1:done']);
    const log = await server.sql`select event from public.automation_run_log where enrollment_id = ${enrollmentId} order by id`;
    expect(log.map((row) => row.event)).toContain('retried');
    expect((await owner.client.rpc('automation_failed_runs', { workflow_id: workflow })).data).toEqual([]);

    // A finished run cannot be retried again.
    const again = await owner.client.rpc('retry_automation_enrollment', { enrollment_id: enrollmentId });
    expect(again.error?.details).toBe('not_failed');
  });
});

describe('a contact’s timeline', () => {
  it('shows each workflow and step the contact went through, to its workspace only', async () => {
    const workflow = await publishWorkflow('Tag and wait', graph([
      { id: 'hello', type: 'add_tag', tag: 'greeted', next: 'pause' },
      { id: 'pause', type: 'wait', minutes: 60, next: 'done' },
      { id: 'done', type: 'end' },
    ]));
    const contactId = await addContact({ first_name: 'Tim' });
    await drain();

    const { data, error } = await owner.client.rpc('automation_contact_timeline', { contact_id: contactId });
    expect(error).toBeNull();
    // Tim entered both workflows of the workspace (each starts on contact created), and nobody else's runs show.
    expect(data!.filter((row) => row.kind === 'entered')).toHaveLength(2);
    const mine = data!.filter((row) => row.workflow_id === workflow);
    expect(mine.map((row) => [row.kind, row.step_id, row.outcome])).toEqual([
      ['entered', null, null],
      ['done', 'hello', 'done'],
      ['waiting', 'pause', null],
    ]);
    expect(mine[2]!.due_at).not.toBeNull();
    expect(mine.every((row) => row.workflow_name === 'Tag and wait' && row.at)).toBe(true);

    // The wait passes (moved through the database): the run finishes, and the timeline says so.
    await server.sql`update public.automation_step_runs set due_at = now() - interval '1 second' where status = 'waiting' and step_id = 'pause'
      and enrollment_id in (select id from public.automation_enrollments where contact_id = ${contactId})`;
    const [run] = await server.sql`select id from public.automation_enrollments where contact_id = ${contactId} and workflow_id = ${workflow}`;
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: owner.organizationId, enrollment_id: run!.id })}, now(), ${`automation:${run!.id}`}, 10)`;
    await drain();
    const after = (await owner.client.rpc('automation_contact_timeline', { contact_id: contactId })).data!.filter((row) => row.workflow_id === workflow);
    expect(after.map((row) => row.kind).slice(-3)).toEqual(['done', 'done', 'run_finished']);

    expect((await viewer.client.rpc('automation_contact_timeline', { contact_id: contactId })).data!.length).toBeGreaterThan(0);
    const foreign = await other.client.rpc('automation_contact_timeline', { contact_id: contactId });
    expect(foreign.error).toBeNull();
    expect(foreign.data).toEqual([]);
  });
});

describe('the module page’s “Actions this week” (issue 29 §8)', () => {
  it('counts the workspace’s action steps done in the last 7 days, as the page asks (a count, no rows), to its members only', async () => {
    // The page's own query (src/features/automation/api/get-actions-this-week.ts).
    const actionsThisWeek = async (user: SignedInUser, workspaceId: string) => {
      const { count, error } = await user.client.from('automation_step_runs').select('id', { count: 'exact', head: true })
        .eq('organization_id', workspaceId).eq('status', 'done')
        .in('step_type', ['add_tag', 'remove_tag', 'set_stage', 'adjust_score', 'notify', 'set_owner', 'webhook', 'send_email'])
        .gte('finished_at', new Date(Date.now() - 7 * 24 * 3600_000).toISOString());
      expect(error).toBeNull();
      return count;
    };
    // What the database holds: the workspace's done action steps finished within the week.
    const expected = async () => (await server.sql<{ n: number }[]>`
      select count(*)::int as n from public.automation_step_runs
      where organization_id = ${owner.organizationId} and status = 'done' and finished_at >= now() - interval '7 days'
        and step_type in ('add_tag', 'remove_tag', 'set_stage', 'adjust_score', 'notify', 'set_owner', 'webhook', 'send_email')`)[0]!.n;
    const before = await actionsThisWeek(owner, owner.organizationId);
    await publishWorkflow('Two actions', graph([
      { id: 'one', type: 'add_tag', tag: 'one', next: 'two' },
      { id: 'two', type: 'adjust_score', points: 1, next: 'pause' },
      { id: 'pause', type: 'wait', minutes: 60, next: 'done' },
      { id: 'done', type: 'end' },
    ]));
    const contactId = await addContact({ first_name: 'Ada' });
    await drain();
    const now = await expected();
    expect(now).toBeGreaterThanOrEqual(before! + 2);
    expect(await actionsThisWeek(owner, owner.organizationId)).toBe(now);
    expect(await actionsThisWeek(viewer, owner.organizationId)).toBe(now);
    // A week later Ada's no longer count (the wait, waiting, never did); another workspace never counts them.
    await server.sql`update public.automation_step_runs set finished_at = now() - interval '8 days'
      where enrollment_id in (select id from public.automation_enrollments where contact_id = ${contactId})`;
    expect(await actionsThisWeek(owner, owner.organizationId)).toBe(before);
    await server.sql`update public.automation_step_runs set finished_at = now()
      where enrollment_id in (select id from public.automation_enrollments where contact_id = ${contactId}) and status = 'done'`;
    expect(await actionsThisWeek(other, owner.organizationId)).toBe(0);
  });
});

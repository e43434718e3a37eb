import type { TransactionSql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationEnroll } from '../../server/src/jobs/tasks/automation-enroll';
import { automationStep, DUE_RUNS_PER_JOB, MORE_BATCHES_PER_JOB } from '../../server/src/jobs/tasks/automation-step';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import { addContact, drainJobs, publishWorkflow } from '../support/automation';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Due steps taken in batches (decision 0023, session 11): an automation_step job takes its workspace's other due
 * continuations along (private.automation_claim_due_steps). The server's runner here runs automation_enroll only, so
 * the step jobs wait in the queue and the test runs the step task's handler itself, as a worker would.
 */

let server: TestServer;
let first: SignedInUser;
let second: SignedInUser;

const quiet = { info() {}, warn() {}, error() {} };
const waitThenTag: WorkflowGraph = {
  trigger: { type: 'contact_created' },
  enrollment: 'once',
  steps: [
    { id: 'pause', type: 'wait', minutes: 60, next: 'tag' },
    { id: 'tag', type: 'add_tag', tag: 'after-wait', next: 'done' },
    { id: 'done', type: 'end' },
  ],
};

/** What a worker does with one automation_step job. */
const runStepJob = (workspaceId: string, enrollmentId: string) =>
  automationStep.run({ workspace_id: workspaceId, enrollment_id: enrollmentId }, { sql: server.sql, log: quiet } as never);

const runsOf = (workspaceId: string) =>
  server.sql<{ id: string; status: string }[]>`select id, status from public.automation_enrollments where organization_id = ${workspaceId} order by id`;

/** The step jobs waiting in the queue, by enrollment. */
async function queuedStepJobs(): Promise<Map<string, { workspace: string; due: boolean }>> {
  const rows = await server.sql<{ key: string; workspace: string; due: boolean }[]>`
    select j.key, j.payload ->> 'workspace_id' as workspace, j.run_at <= now() as due
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = 'automation_step' and j.key like 'automation:%'`;
  return new Map(rows.map((row) => [row.key.slice('automation:'.length), { workspace: row.workspace, due: row.due }]));
}

/** n contacts of the user's workspace enter the workflow and wait (their first step taken by step jobs). */
async function enterAndWait(user: SignedInUser, n: number): Promise<string[]> {
  for (let i = 0; i < n; i += 1) await addContact(user, { first_name: `C${i}`, email: `c${i}-${user.organizationId.slice(0, 8)}@example.com` });
  await drainJobs(server);
  const runs = await runsOf(user.organizationId);
  for (const run of runs) await runStepJob(user.organizationId, run.id);
  const waiting = await server.sql`
    select 1 from public.automation_step_runs where organization_id = ${user.organizationId} and step_id = 'pause' and status = 'waiting'`;
  expect(waiting.length).toBe(n);
  return runs.map((run) => run.id);
}

/** The hour passes for these runs: their due times move to the past and their jobs (same keys) are due now. */
async function letTheWaitPass(workspaceId: string, ids: readonly string[]) {
  await server.sql`update public.automation_step_runs set due_at = now() - interval '1 second' where enrollment_id = any(${ids}::uuid[]) and status = 'waiting'`;
  for (const id of ids) {
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: workspaceId, enrollment_id: id })}, now(), ${`automation:${id}`}, 10)`;
  }
}

beforeAll(async () => {
  server = await startTestServer({}, { jobTasks: [automationEnroll] });
  first = await signedInUser(server);
  second = await signedInUser(server);
  await publishWorkflow(first, waitThenTag, 'Batch');
  await publishWorkflow(second, waitThenTag, 'Batch');
});

afterAll(async () => {
  await server?.close();
});

describe('due steps taken in batches', () => {
  it('one job takes its workspace’s other due continuations along, never another workspace’s, and each step once', async () => {
    const mine = await enterAndWait(first, 5);
    const theirs = await enterAndWait(second, 3);
    await letTheWaitPass(first.organizationId, mine);
    await letTheWaitPass(second.organizationId, theirs);
    // A forged job: the first workspace's payload naming the second workspace's run (under that run's key).
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: first.organizationId, enrollment_id: theirs[0]! })}, now(), ${`automation:${theirs[0]}`}, 10)`;

    await runStepJob(first.organizationId, mine[0]!);

    expect((await runsOf(first.organizationId)).map((run) => run.status)).toEqual(mine.map(() => 'finished'));
    expect((await runsOf(second.organizationId)).map((run) => run.status)).toEqual(theirs.map(() => 'active'));
    const queued = await queuedStepJobs();
    // The claimed runs' jobs left the queue (the job run here by hand, mine[0], is not a worker's: it stays).
    for (const id of mine.slice(1)) expect(queued.has(id)).toBe(false);
    for (const id of theirs) expect(queued.get(id)?.due).toBe(true);
    const tagged = await server.sql<{ runs: number; tags: string[] }[]>`
      select (select count(*)::int from public.automation_step_runs r where r.enrollment_id = e.id and r.step_id = 'tag') as runs, c.tags
      from public.automation_enrollments e join public.contacts c on c.id = e.contact_id where e.organization_id = ${first.organizationId}`;
    expect(tagged.map((row) => [row.runs, row.tags])).toEqual(mine.map(() => [1, ['after-wait']]));

    // The forged job itself is refused as before (its run is another workspace's); the second workspace's own jobs go on.
    await expect(runStepJob(first.organizationId, theirs[0]!)).rejects.toThrow(/does not belong/);
    await letTheWaitPass(second.organizationId, theirs);
    await runStepJob(second.organizationId, theirs[1]!);
    expect((await runsOf(second.organizationId)).map((run) => run.status)).toEqual(theirs.map(() => 'finished'));
  });

  it('two jobs claiming at once never take the same run, and neither waits for the other', async () => {
    const user = await signedInUser(server);
    await publishWorkflow(user, waitThenTag, 'Batch');
    const ids = await enterAndWait(user, 6);
    await letTheWaitPass(user.organizationId, ids);
    const claim = (tx: TransactionSql, max: number) =>
      tx<{ enrollment_id: string }[]>`select enrollment_id from private.automation_claim_due_steps(${user.organizationId}::uuid, null, ${max})`;
    let firstClaim: string[] = [];
    let secondClaim: string[] = [];
    await server.sql.begin(async (tx) => {
      firstClaim = (await claim(tx, 4)).map((row) => row.enrollment_id);
      // While the first claim is open, a second one (another connection) skips its runs instead of waiting on them.
      await server.sql.begin(async (other) => {
        await other`set local lock_timeout = '2s'`;
        secondClaim = (await claim(other, 100)).map((row) => row.enrollment_id);
        throw new Error('roll back');
      }).catch((error: Error) => expect(error.message).toBe('roll back'));
    });
    expect(firstClaim).toHaveLength(4);
    expect(secondClaim).toHaveLength(2);
    expect(new Set([...firstClaim, ...secondClaim]).size).toBe(6);
    // The first claim committed: its jobs left the queue; the second rolled back: its jobs are back, due.
    const queued = await queuedStepJobs();
    expect(firstClaim.filter((id) => queued.has(id))).toEqual([]);
    expect(secondClaim.filter((id) => queued.get(id)?.due)).toEqual(secondClaim);
  });

  it('two step jobs at once finish every due run once', async () => {
    const user = await signedInUser(server);
    await publishWorkflow(user, waitThenTag, 'Batch');
    const ids = await enterAndWait(user, DUE_RUNS_PER_JOB + 6);
    await letTheWaitPass(user.organizationId, ids);
    await Promise.all([runStepJob(user.organizationId, ids[0]!), runStepJob(user.organizationId, ids.at(-1)!)]);
    // A batch takes DUE_RUNS_PER_JOB along: runs neither took wait for their own jobs.
    for (const id of (await queuedStepJobs()).keys()) if (ids.includes(id)) await runStepJob(user.organizationId, id);
    expect((await runsOf(user.organizationId)).every((run) => run.status === 'finished')).toBe(true);
    const steps = await server.sql<{ step_id: string; runs: number }[]>`
      select step_id, count(*)::int as runs from public.automation_step_runs where organization_id = ${user.organizationId} group by step_id order by step_id`;
    expect(steps.map((row) => ({ ...row }))).toEqual([
      { step_id: 'done', runs: ids.length }, { step_id: 'pause', runs: ids.length }, { step_id: 'tag', runs: ids.length },
    ]);
    const [log] = await server.sql<{ n: number }[]>`
      select count(*)::int as n from public.automation_run_log where organization_id = ${user.organizationId} and event = 'step' and step_id = 'tag'`;
    expect(log!.n).toBe(ids.length);
  });

  it('a job whose batch came back full claims again, while due runs remain, and records each step once', async () => {
    expect(MORE_BATCHES_PER_JOB).toBeGreaterThanOrEqual(2);
    const user = await signedInUser(server);
    await publishWorkflow(user, waitThenTag, 'Batch');
    // Its own run and two full batches, and five more: three batches after the first (session 12).
    const ids = await enterAndWait(user, 1 + DUE_RUNS_PER_JOB * 3 + 5);
    await letTheWaitPass(user.organizationId, ids);
    await runStepJob(user.organizationId, ids[0]!);
    expect((await runsOf(user.organizationId)).filter((run) => run.status !== 'finished')).toEqual([]);
    const queued = await queuedStepJobs();
    expect(ids.slice(1).filter((id) => queued.has(id))).toEqual([]);
    const [steps] = await server.sql<{ runs: number; distinct_runs: number }[]>`
      select count(*)::int as runs, count(distinct enrollment_id)::int as distinct_runs
      from public.automation_step_runs where organization_id = ${user.organizationId} and step_id = 'tag'`;
    expect(steps).toEqual({ runs: ids.length, distinct_runs: ids.length });
  });

  it('is no one’s RPC: members and anonymous callers cannot claim a workspace’s due steps', async () => {
    const user = await signedInUser(server);
    const { error } = await user.client.rpc('automation_claim_due_steps' as never, { workspace_id: user.organizationId, leave_out: null, max_runs: 16 } as never);
    expect(error?.code).toBe('PGRST202');
    const grants = await server.sql`
      select has_function_privilege(r, 'private.automation_claim_due_steps(uuid, uuid, integer)', 'execute') as can
      from unnest(array['anon', 'authenticated']) r`;
    expect(grants.map((row) => row.can)).toEqual([false, false]);
  });
});

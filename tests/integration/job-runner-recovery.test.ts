import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJobByName } from '../../server/src/jobs/enqueue-job';
import { startJobRunner } from '../../server/src/jobs/job-runner';
import { cleanUpJobs } from '../../server/src/jobs/tasks/clean-up-jobs';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The maintenance round every worker runs (private.maintain_job_queue): a killed worker's jobs run again instead of
 * waiting graphile-worker's four hours, jobs it gave up on join the failures, and work asked for before any worker
 * installed the queue is taken by the first one.
 */

let server: TestServer;
let hosted: TestServer;
let member: SignedInUser;

const maintain = async (target: TestServer) => {
  const [round] = await target.sql<{ backlog_moved: number; pools_unlocked: number; failures_moved: number }[]>`select * from private.maintain_job_queue()`;
  return round!;
};

beforeAll(async () => {
  [server, hosted] = await Promise.all([startTestServer(), startTestServer({}, { jobRunner: false })]);
  member = await signedInUser(server);
});

afterAll(async () => {
  await Promise.all([server?.close(), hosted?.close()]);
});

describe('the maintenance round', () => {
  it('puts the jobs of a pool with no live worker back in the queue (they then run), and leaves a live one’s alone', async () => {
    const { data } = await member.client
      .from('content_items')
      .insert([
        { organization_id: member.organizationId, user_id: member.id, title: 'Held by a killed worker', planned_publish_at: new Date(Date.now() + 3_600_000).toISOString(), publish_on_schedule: true },
        { organization_id: member.organizationId, user_id: member.id, title: 'Held by a live worker', planned_publish_at: new Date(Date.now() + 3_600_000).toISOString(), publish_on_schedule: true },
      ])
      .select('id, title');
    const [killed, live] = data!;
    // Both moments come; in the same transaction a killed pool and a live one hold their jobs since a minute.
    await server.sql.begin(async (tx) => {
      await tx`update public.content_items set planned_publish_at = now() - interval '2 minutes' where id in (${killed!.id}, ${live!.id})`;
      await tx`update graphile_worker._private_jobs set locked_at = now() - interval '1 minute', locked_by = 'pool-killed' where key = ${`content:${killed!.id}:publish`}`;
      await tx`update graphile_worker._private_jobs set locked_at = now() - interval '1 minute', locked_by = 'pool-alive' where key = ${`content:${live!.id}:publish`}`;
      await tx`insert into private.job_workers (worker_id, pool_id) values ('worker-alive', 'pool-alive')`;
    });

    expect(await maintain(server)).toMatchObject({ pools_unlocked: 1 });
    const status = async (id: string) => (await server.sql<{ status: string }[]>`select status from public.content_items where id = ${id}`)[0]!.status;
    // (Not drain(): the live worker's job stays locked, as it should.)
    await expect.poll(() => status(killed!.id)).toBe('published');
    expect(await status(live!.id)).toBe('draft');
    const [held] = await server.sql`select locked_by from graphile_worker.jobs where key = ${`content:${live!.id}:publish`}`;
    expect(held).toEqual({ locked_by: 'pool-alive' });

    // Once that worker too stops signalling, its job goes back and runs.
    await server.sql`update private.job_workers set seen_at = now() - interval '1 minute' where worker_id = 'worker-alive'`;
    expect(await maintain(server)).toMatchObject({ pools_unlocked: 1 });
    await server.app.jobRunner!()!.drain();
    expect(await status(live!.id)).toBe('published');
    await server.sql`delete from private.job_workers where worker_id = 'worker-alive'`;
  });

  it('moves a job graphile-worker gave up on (its attempts used up, e.g. a worker died in the last one) to the failures', async () => {
    await server.sql`select graphile_worker.add_job('task_of_a_newer_version', '{"workspace_id": "11111111-0000-4000-8000-000000000001"}'::json, job_key => 'given-up', max_attempts => 2)`;
    await server.sql`update graphile_worker._private_jobs set attempts = 2, last_error = 'worker died' where key = 'given-up'`;
    expect(await maintain(server)).toMatchObject({ failures_moved: 1 });
    expect(await server.sql`select id from graphile_worker.jobs where key = 'given-up'`).toEqual([]);
    const [failure] = await server.sql`select task, workspace_id, attempts, max_attempts, last_error, resolution from private.failed_jobs where job_key = 'given-up'`;
    expect(failure).toEqual({ task: 'task_of_a_newer_version', workspace_id: '11111111-0000-4000-8000-000000000001', attempts: 2, max_attempts: 2, last_error: 'worker died', resolution: null });
  });

  it('keeps work asked for before any worker installed the queue, and the first worker takes it', async () => {
    expect((await hosted.sql`select private.job_queue_installed() as installed`)[0]).toEqual({ installed: false });
    await enqueueJobByName(hosted.sql, 'clean_up_jobs', {}, { jobKey: 'waiting-for-a-worker' });
    await enqueueJobByName(hosted.sql, 'clean_up_jobs', { again: true }, { jobKey: 'waiting-for-a-worker' });
    expect(await hosted.sql`select task, payload from private.job_backlog`).toEqual([{ task: 'clean_up_jobs', payload: { again: true } }]);
    expect(await maintain(hosted)).toEqual({ backlog_moved: 0, pools_unlocked: 0, failures_moved: 0 });

    const runner = await startJobRunner({
      databaseUrl: hosted.config.databaseUrl!,
      services: { sql: hosted.sql, mail: { async deliver() {}, close() {} }, siteUrl: 'http://x', analyticsRollupSeconds: 0 },
      log: { debug() {}, info() {}, warn() {}, error() {} },
      tasks: [cleanUpJobs],
      cron: false,
    });
    try {
      await runner.drain();
      expect(await hosted.sql`select id from private.job_backlog`).toEqual([]);
      expect(await hosted.sql`select id from graphile_worker.jobs`).toEqual([]);
      expect(await hosted.sql`select id from private.failed_jobs`).toEqual([]);
    } finally {
      await runner.stop();
    }
  });
});

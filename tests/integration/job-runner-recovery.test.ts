import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '../../server/src/db/client';
import { enqueueJobByName } from '../../server/src/jobs/enqueue-job';
import { startJobRunner } from '../../server/src/jobs/job-runner';
import { cleanUpJobs } from '../../server/src/jobs/tasks/clean-up-jobs';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { createOutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { STRICT_POLICY } from '../../server/src/lib/outbound/url-policy';

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

  it('a worker silent for three heartbeats whose session is gone is dead at once; one as silent whose session lives is not', async () => {
    const scheduled = (title: string) => ({ organization_id: member.organizationId, user_id: member.id, title, planned_publish_at: new Date(Date.now() + 3_600_000).toISOString(), publish_on_schedule: true });
    const { data } = await member.client
      .from('content_items')
      .insert([scheduled('Held by a worker killed 8 s ago'), scheduled('Held by a worker stalled for 8 s'), scheduled('Published, then its worker was killed')])
      .select('id');
    const [killed, stalled, finished] = data!.map((row) => row.id);
    // Sessions of two workers: the killed one's closed (its process died), the stalled one's still open.
    const session = async (sql: ReturnType<typeof createSql>) =>
      (await sql<{ pid: number; started: string }[]>`select pid, backend_start::text as started from pg_stat_activity where pid = pg_backend_pid()`)[0]!;
    const gone = createSql(server.config.databaseUrl!, { max: 1 });
    const live = createSql(server.config.databaseUrl!, { max: 1 });
    try {
      const [goneSession, liveSession] = [await session(gone), await session(live)];
      await gone.end();
      await expect.poll(async () => (await server.sql`select 1 from pg_stat_activity where pid = ${goneSession.pid}`).length).toBe(0);
      await server.sql.begin(async (tx) => {
        await tx`update public.content_items set planned_publish_at = now() - interval '10 seconds' where id in (${killed!}, ${stalled!}, ${finished!})`;
        await tx`
          insert into private.job_workers (worker_id, pool_id, seen_at, backend_pid, backend_started_at) values
            ('worker-killed', 'pool-killed-8s', now() - interval '8 seconds', ${goneSession.pid}, ${goneSession.started}::text::timestamptz),
            ('worker-stalled', 'pool-stalled-8s', now() - interval '8 seconds', ${liveSession.pid}, ${liveSession.started}::text::timestamptz)`;
        await tx`update graphile_worker._private_jobs set locked_at = now() - interval '8 seconds', locked_by = 'pool-killed-8s' where key = ${`content:${killed}:publish`}`;
        await tx`update graphile_worker._private_jobs set locked_at = now() - interval '8 seconds', locked_by = 'pool-stalled-8s' where key = ${`content:${stalled}:publish`}`;
        // The third one's worker had published it (which detaches its own job: no key, no attempt left) and died
        // before marking the job done.
        await tx`update graphile_worker._private_jobs set locked_at = now() - interval '8 seconds', locked_by = 'pool-killed-8s' where key = ${`content:${finished}:publish`}`;
        await tx`update public.content_items set status = 'published' where id = ${finished!}`;
      });
      expect(await maintain(server)).toMatchObject({ pools_unlocked: 1, failures_moved: 0 });
      const status = async (id: string) => (await server.sql<{ status: string }[]>`select status from public.content_items where id = ${id}`)[0]!.status;
      await expect.poll(() => status(killed!)).toBe('published');
      expect(await status(stalled!)).toBe('draft');
      expect(await server.sql`select id from graphile_worker._private_jobs where payload ->> 'content_item_id' = ${finished!} and task_id = (select id from graphile_worker._private_tasks where identifier = 'publish_content')`).toEqual([]);
      expect(await server.sql`select id from private.failed_jobs where payload ->> 'content_item_id' in (${killed!}, ${finished!})`).toEqual([]);

      // The stalled worker's session ends too: now it is dead as well.
      await live.end();
      await expect.poll(async () => (await server.sql`select 1 from pg_stat_activity where pid = ${liveSession.pid}`).length).toBe(0);
      expect(await maintain(server)).toMatchObject({ pools_unlocked: 1 });
      await server.app.jobRunner!()!.drain();
      expect(await status(stalled!)).toBe('published');
    } finally {
      await Promise.all([gone.end(), live.end()]);
      await server.sql`delete from private.job_workers where worker_id in ('worker-killed', 'worker-stalled')`;
    }
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
      services: { sql: hosted.sql, mail: { async deliver() {}, close() {} }, siteUrl: 'http://x', analyticsRollupSeconds: 0, outbound: createOutboundClient({ policy: STRICT_POLICY }) },
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJobByName } from '../../server/src/jobs/enqueue-job';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The admin area's background work, from the site admin's side (the tenant matrix has everyone else's refusals):
 * the states and figures, retrying and cancelling, a running job left alone, and the same functions on a database
 * where no worker has installed the queue yet (hosted Supabase before `npm run worker`).
 */

let server: TestServer;
let hosted: TestServer;
let admin: SignedInUser;
let hostedAdmin: SignedInUser;

async function jobs(who: SignedInUser, state = 'all') {
  const { data, error } = await who.client.rpc('admin_background_jobs', { job_state: state, max_rows: 500 });
  expect(error).toBeNull();
  return data!;
}

beforeAll(async () => {
  [server, hosted] = await Promise.all([startTestServer(), startTestServer({}, { jobRunner: false })]);
  [admin, hostedAdmin] = await Promise.all([signedInUser(server, { siteAdmin: true }), signedInUser(hosted, { siteAdmin: true })]);
});

afterAll(async () => {
  await Promise.all([server?.close(), hosted?.close()]);
});

describe('background work for site admins', () => {
  it('lists scheduled, queued, failed and running jobs with their figures', async () => {
    const later = new Date(Date.now() + 3_600_000);
    await enqueueJobByName(server.sql, 'publish_content', { workspace_id: 'nope' }, { jobKey: 'admin-test:refused' });
    await enqueueJobByName(server.sql, 'clean_up_jobs', {}, { jobKey: 'admin-test:later', runAt: later });
    // A task no worker of this version runs: it waits, queued.
    await enqueueJobByName(server.sql, 'task_of_a_newer_version', {}, { jobKey: 'admin-test:unknown' });
    await server.app.jobRunner!()!.drain();

    const all = await jobs(admin);
    const byKey = (key: string) => all.find((job) => job.job_key === key);
    expect(byKey('admin-test:refused')).toMatchObject({ task: 'publish_content', state: 'failed', attempts: 1, last_error: 'refused payload: workspace_id: Invalid UUID' });
    expect(byKey('admin-test:refused')!.id).toMatch(/^failed:\d+$/);
    expect(byKey('admin-test:later')).toMatchObject({ task: 'clean_up_jobs', state: 'scheduled', attempts: 0 });
    expect(new Date(byKey('admin-test:later')!.run_at!).getTime()).toBe(later.getTime());
    expect(byKey('admin-test:unknown')).toMatchObject({ state: 'queued' });
    expect((await jobs(admin, 'failed')).map((job) => job.job_key)).toContain('admin-test:refused');

    const { data: summary } = await admin.client.rpc('admin_background_work_summary').single();
    expect(summary).toMatchObject({ queue_installed: true, workers: 1 });
    expect(summary!.failed).toBeGreaterThanOrEqual(1);
    expect(summary!.scheduled).toBeGreaterThanOrEqual(1);
    expect(summary!.queued).toBeGreaterThanOrEqual(1);

    const invalid = await admin.client.rpc('admin_background_jobs', { job_state: 'sleeping' });
    expect([invalid.status, invalid.error?.details]).toEqual([400, 'invalid_state']);
  });

  it('retries a failed job (back in the queue, without its key) and dismisses another, recording who did', async () => {
    await enqueueJobByName(server.sql, 'publish_content', { workspace_id: 'again' }, { jobKey: 'admin-test:retry' });
    await enqueueJobByName(server.sql, 'publish_content', { workspace_id: 'dismiss' }, { jobKey: 'admin-test:dismiss' });
    await server.app.jobRunner!()!.drain();
    const failed = await jobs(admin, 'failed');
    const retry = failed.find((job) => job.job_key === 'admin-test:retry')!;
    const dismiss = failed.find((job) => job.job_key === 'admin-test:dismiss')!;

    await admin.client.rpc('admin_retry_background_job', { job_id: retry.id }).throwOnError();
    await admin.client.rpc('admin_cancel_background_job', { job_id: dismiss.id }).throwOnError();
    const resolutions = await server.sql`
      select job_key, resolution, resolved_by from private.failed_jobs where job_key in ('admin-test:retry', 'admin-test:dismiss') order by job_key`;
    expect(resolutions).toEqual([
      { job_key: 'admin-test:dismiss', resolution: 'cancelled', resolved_by: admin.id },
      { job_key: 'admin-test:retry', resolution: 'retried', resolved_by: admin.id },
    ]);
    // The retried job ran again (and failed again, the payload being what it is): a new failure, resolved_at unset.
    await server.app.jobRunner!()!.drain();
    const [again] = await server.sql`select count(*)::int as count from private.failed_jobs where payload ->> 'workspace_id' = 'again' and resolution is null`;
    expect(again).toEqual({ count: 1 });
    const twice = await admin.client.rpc('admin_retry_background_job', { job_id: retry.id });
    expect([twice.status, twice.error?.details]).toEqual([400, 'job_not_found']);
  });

  it('runs a waiting job now, cancels a waiting one (kept as cancelled) and leaves a running one alone', async () => {
    const later = new Date(Date.now() + 3_600_000);
    await enqueueJobByName(server.sql, 'task_of_a_newer_version', { n: 1 }, { jobKey: 'admin-test:now', runAt: later });
    await enqueueJobByName(server.sql, 'task_of_a_newer_version', { n: 2 }, { jobKey: 'admin-test:cancel', runAt: later });
    await enqueueJobByName(server.sql, 'task_of_a_newer_version', { n: 3 }, { jobKey: 'admin-test:running' });
    const all = await jobs(admin);
    const id = (key: string) => all.find((job) => job.job_key === key)!.id;

    await admin.client.rpc('admin_retry_background_job', { job_id: id('admin-test:now') }).throwOnError();
    expect((await jobs(admin)).find((job) => job.job_key === 'admin-test:now')!.state).toBe('queued');

    await admin.client.rpc('admin_cancel_background_job', { job_id: id('admin-test:cancel') }).throwOnError();
    const [cancelled] = await server.sql`select payload, resolution, last_error from private.failed_jobs where job_key = 'admin-test:cancel'`;
    expect(cancelled).toEqual({ payload: { n: 2 }, resolution: 'cancelled', last_error: 'Cancelled by a site admin' });
    expect((await jobs(admin)).some((job) => job.job_key === 'admin-test:cancel')).toBe(false);

    // As if a worker had taken it.
    await server.sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'pool-busy' where key = 'admin-test:running'`;
    expect((await jobs(admin, 'running')).map((job) => job.job_key)).toEqual(['admin-test:running']);
    for (const action of ['admin_cancel_background_job', 'admin_retry_background_job'] as const) {
      const refused = await admin.client.rpc(action, { job_id: id('admin-test:running') });
      expect([refused.status, refused.error?.details]).toEqual([400, 'job_running']);
    }
    const unknown = await admin.client.rpc('admin_cancel_background_job', { job_id: 'queue:999999999' });
    expect([unknown.status, unknown.error?.details]).toEqual([400, 'job_not_found']);
    await server.sql`update graphile_worker._private_jobs set locked_at = null, locked_by = null where key like 'admin-test:%'`;
    await server.sql`select graphile_worker.remove_job(key) from graphile_worker.jobs where key like 'admin-test:%'`;
  });

  it('cancelling a scheduled publication’s job unschedules its item (no longer Overdue later), on the queue and in the backlog; an older plan’s job leaves it alone', async () => {
    const schedule = async (who: SignedInUser, title: string) => {
      const { data } = await who.client
        .from('content_items')
        .insert({ organization_id: who.organizationId, user_id: who.id, title, planned_publish_at: new Date(Date.now() + 3_600_000).toISOString(), publish_on_schedule: true })
        .select('id, planned_publish_at')
        .single()
        .throwOnError();
      return data!;
    };
    const itemOf = async (target: TestServer, id: string) =>
      (await target.sql<{ publish_on_schedule: boolean; planned_publish_at: Date | null; status: string }[]>`
        select publish_on_schedule, planned_publish_at, status from public.content_items where id = ${id}`)[0]!;

    for (const [who, target] of [[admin, server], [hostedAdmin, hosted]] as const) {
      const item = await schedule(who, 'Cancelled by the site admin');
      const job = (await jobs(who, 'scheduled')).find((candidate) => candidate.job_key === `content:${item.id}:publish`)!;
      expect(job.id).toMatch(target === server ? /^queue:/ : /^backlog:/);
      await who.client.rpc('admin_cancel_background_job', { job_id: job.id }).throwOnError();
      expect(await itemOf(target, item.id)).toEqual({ publish_on_schedule: false, planned_publish_at: new Date(item.planned_publish_at!), status: 'draft' });
      expect((await jobs(who)).some((candidate) => candidate.job_key === `content:${item.id}:publish`)).toBe(false);
    }

    // A job for a moment that is no longer the plan (queued again without its key): cancelling it leaves the schedule.
    const moved = await schedule(admin, 'Rescheduled meanwhile');
    await enqueueJobByName(
      server.sql,
      'publish_content',
      { workspace_id: admin.organizationId, content_item_id: moved.id, planned_publish_at: new Date(Date.now() + 7_200_000).toISOString() },
      { jobKey: 'admin-test:older-plan', runAt: new Date(Date.now() + 7_200_000) },
    );
    const older = (await jobs(admin, 'scheduled')).find((candidate) => candidate.job_key === 'admin-test:older-plan')!;
    await admin.client.rpc('admin_cancel_background_job', { job_id: older.id }).throwOnError();
    expect((await itemOf(server, moved.id)).publish_on_schedule).toBe(true);
    // The hosted database's backlog as the next test expects it: empty (the items' renderings wait there).
    await hosted.sql`delete from private.job_backlog`;
  });

  it('a repeating job that keeps failing is one failed job with its last error and the runs in a row; a run that succeeds closes it', async () => {
    const repeating = await startTestServer({ ANALYTICS_ROLLUP_SECONDS: '1' }, { rollupJob: true });
    try {
      const siteAdmin = await signedInUser(repeating, { siteAdmin: true });
      const rollupFailure = async () => (await jobs(siteAdmin, 'failed')).find((job) => job.job_key === 'repeat:refresh_analytics_rollups');
      // The function the task calls goes missing (as after a bad deploy).
      await repeating.sql`alter function private.refresh_due_analytics_rollups(text) rename to refresh_due_analytics_rollups_away`;
      await expect.poll(async () => (await rollupFailure())?.attempts ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      const failure = (await rollupFailure())!;
      expect(failure).toMatchObject({ task: 'refresh_analytics_rollups', state: 'failed' });
      expect(failure.last_error).toMatch(/refresh_due_analytics_rollups.*does not exist/);
      expect((await jobs(siteAdmin, 'failed')).filter((job) => job.job_key === 'repeat:refresh_analytics_rollups')).toHaveLength(1);

      await repeating.sql`alter function private.refresh_due_analytics_rollups_away(text) rename to refresh_due_analytics_rollups`;
      await expect.poll(async () => (await rollupFailure()) ?? null, { timeout: 30_000 }).toBeNull();
      const [closed] = await repeating.sql`select resolution, resolved_by from private.failed_jobs where job_key = 'repeat:refresh_analytics_rollups'`;
      expect(closed).toEqual({ resolution: 'recovered', resolved_by: null });
    } finally {
      await repeating.close();
    }
  });

  it('works before any worker installed the queue: jobs waiting in the backlog are listed, run now or cancelled', async () => {
    await enqueueJobByName(hosted.sql, 'clean_up_jobs', {}, { jobKey: 'hosted:waiting' });
    const { data: summary } = await hostedAdmin.client.rpc('admin_background_work_summary').single();
    expect(summary).toMatchObject({ queue_installed: false, workers: 0, queued: 1, running: 0 });
    const [waiting] = await jobs(hostedAdmin);
    expect(waiting).toMatchObject({ task: 'clean_up_jobs', state: 'queued', job_key: 'hosted:waiting' });
    expect(waiting!.id).toMatch(/^backlog:\d+$/);
    await hostedAdmin.client.rpc('admin_cancel_background_job', { job_id: waiting!.id }).throwOnError();
    expect(await jobs(hostedAdmin, 'queued')).toEqual([]);
  });
});

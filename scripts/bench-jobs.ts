// `npm run bench:jobs`: the job runner on this machine (docs/decisions/0013-job-runner.md), in one process over a
// throwaway embedded PostgreSQL with the migrations:
//   1. throughput: 10,000 queued no-op jobs drained by graphile-worker alone (the bare library, same pool and
//      concurrency) and by our runner (payload checked with zod, our wrapper, heartbeat beside it): jobs/s and the
//      ratio, beside graphile-worker's published ~183,000 jobs/s (its perf setup: 4 instances × concurrency 24,
//      local queue, a large server);
//   2. due → started p50/p99 for 2,000 jobs falling due over 10 s while 10,000 more wait in the queue;
//   3. 10,000 publications scheduled within one minute: when the last was published, and how late they were.
// Figures are noisy: the machine's two cores run other work too (shared/design/measuring.md). BENCH_JOBS scales 1.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Logger, run, type Runner } from 'graphile-worker';
import { z } from 'zod';
import { createSql, ensureDatabase, withDatabase, type Sql } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { defineTask } from '../server/src/jobs/define-task';
import { startJobRunner, type JobRunner } from '../server/src/jobs/job-runner';
import { publishContent } from '../server/src/jobs/tasks/publish-content';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/project-paths';
import { seedUser } from '../tests/support/users';
import { percentile } from './bench-support';
import { createOutboundClient } from '../server/src/lib/outbound/outbound-client';
import { STRICT_POLICY } from '../server/src/lib/outbound/url-policy';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const CONCURRENCY = Number(process.env.JOB_CONCURRENCY ?? 4);
const quiet = { debug() {}, info() {}, warn() {}, error: (message: string) => console.error(message) };
const mail = { async deliver() {}, close() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The runner's default poll (server/src/jobs/job-runner.ts): the bare library gets the same. */
const POLL_MS = 500;

async function pending(sql: Sql, task: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from graphile_worker.jobs where task_identifier = ${task}`;
  return row!.count;
}

async function queueNoops(sql: Sql, task: string, count: number, runAt = 'now()'): Promise<void> {
  await sql.unsafe(`select graphile_worker.add_jobs(array(select ('${task}', '{"n": 1}'::json, null, ${runAt}, null, null, null, null)::graphile_worker.job_spec from generate_series(1, ${count})))`);
}

/** Seconds until no job of `task` is left, polled every 20 ms. */
async function drained(sql: Sql, task: string, started: number): Promise<number> {
  while ((await pending(sql, task)) > 0) await sleep(20);
  return (performance.now() - started) / 1000;
}

const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-jobs-'));
await chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'data'), password: randomBytes(12).toString('hex'), fast: true, keepExitHooks: true });
await ensureDatabase(pg.url, 'bench');
const url = withDatabase(pg.url, 'bench');
const sql = createSql(url, { max: 8 });
let bare: Runner | undefined;
let ours: JobRunner | undefined;
try {
  await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
  console.log(`bench:jobs — ${JOBS} jobs, concurrency ${CONCURRENCY}, graphile-worker 0.17.3, PostgreSQL ${(await sql`show server_version`)[0]!.server_version}`);

  // 1. Throughput: the bare library, then our runner, on the same database and settings.
  // Silent, as our runner's log is at this level: a log line per job would measure the console.
  bare = await run({ connectionString: url, concurrency: CONCURRENCY, maxPoolSize: CONCURRENCY + 3, noHandleSignals: true, pollInterval: POLL_MS, taskList: { bare_noop: async () => {} }, logger: new Logger(() => () => {}) });
  await queueNoops(sql, 'bare_noop', JOBS);
  let started = performance.now();
  const bareSeconds = await drained(sql, 'bare_noop', started);
  await bare.stop();
  bare = undefined;

  const noop = defineTask({ name: 'bench_noop', payload: z.object({ n: z.number() }), async run() {} });
  const latencies: number[] = [];
  const timed = defineTask({
    name: 'bench_timed',
    payload: z.object({ n: z.number() }),
    async run(_payload, { job }) {
      latencies.push(Date.now() - job.runAt.getTime());
    },
  });
  ours = await startJobRunner({ databaseUrl: url, services: { sql, mail, siteUrl: 'http://x', analyticsRollupSeconds: 0, outbound: createOutboundClient({ policy: STRICT_POLICY }) }, log: quiet, tasks: [noop, timed, publishContent], concurrency: CONCURRENCY, cron: false });
  await queueNoops(sql, 'bench_noop', JOBS);
  started = performance.now();
  const ourSeconds = await drained(sql, 'bench_noop', started);
  console.log(`\n1. throughput (${JOBS} no-op jobs queued, then drained)`);
  console.log(`   graphile-worker alone: ${(JOBS / bareSeconds).toFixed(0)} jobs/s (${bareSeconds.toFixed(1)} s)`);
  console.log(`   our runner:            ${(JOBS / ourSeconds).toFixed(0)} jobs/s (${ourSeconds.toFixed(1)} s) = ${((bareSeconds / ourSeconds) * 100).toFixed(0)} % of the bare library`);
  console.log(`   graphile-worker's published figure: ~183,000 jobs/s (4 × 24 concurrency, local queue, a large server)`);

  // 2. Due → started while 10,000 jobs wait.
  await queueNoops(sql, 'bench_noop', JOBS, `now() + interval '1 hour'`);
  const due = Math.max(100, Math.round(JOBS / 5));
  await sql`
    select graphile_worker.add_jobs(array(
      select ('bench_timed', '{"n": 1}'::json, null, now() + make_interval(secs => 1 + n * 10.0 / ${due}), null, null, null, null)::graphile_worker.job_spec
      from generate_series(1, ${due}) n))`;
  while (latencies.length < due) await sleep(100);
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`\n2. due → started, ${due} jobs falling due over 10 s with ${await pending(sql, 'bench_noop')} more waiting in the queue`);
  console.log(`   p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, max ${sorted.at(-1)} ms`);
  await sql`select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs where task_identifier = 'bench_noop'))`;

  // 3. 10,000 publications scheduled within one minute.
  const owner = await seedUser(sql);
  const [{ end }] = (await sql<{ end: Date }[]>`
    with inserted as (
      insert into public.content_items (organization_id, user_id, title, planned_publish_at, publish_on_schedule)
      select ${owner.organizationId}, ${owner.id}, 'bench-' || n, now() + make_interval(secs => 1 + n * 60.0 / ${JOBS}), true
      from generate_series(1, ${JOBS}) n
      returning planned_publish_at
    ) select max(planned_publish_at) as end from inserted`) as unknown as [{ end: Date }];
  for (;;) {
    const [row] = await sql<{ left: number }[]>`select count(*)::int as left from public.content_items where organization_id = ${owner.organizationId} and status <> 'published'`;
    if (row!.left === 0 || Date.now() > end.getTime() + 120_000) break;
    await sleep(500);
  }
  const [publication] = await sql<{ published: number; last: Date; p50: number; p99: number; max: number }[]>`
    select count(*) filter (where status = 'published')::int as published, max(published_at) as last,
      percentile_cont(0.5) within group (order by extract(epoch from published_at - planned_publish_at))::float as p50,
      percentile_cont(0.99) within group (order by extract(epoch from published_at - planned_publish_at))::float as p99,
      max(extract(epoch from published_at - planned_publish_at))::float as max
    from public.content_items where organization_id = ${owner.organizationId}`;
  const after = (publication!.last.getTime() - end.getTime()) / 1000;
  console.log(`\n3. ${JOBS} publications scheduled within one minute`);
  console.log(`   ${publication!.published} published; the last ${after.toFixed(1)} s after the minute's last moment (target ≤ 30 s)`);
  console.log(`   scheduled moment → published: p50 ${(publication!.p50 * 1000).toFixed(0)} ms, p99 ${(publication!.p99 * 1000).toFixed(0)} ms, max ${(publication!.max * 1000).toFixed(0)} ms`);
} finally {
  await bare?.stop().catch(() => {});
  await ours?.stop().catch(() => {});
  await sql.end({ timeout: 5 });
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
}

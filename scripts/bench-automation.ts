// `npm run bench:automation` (issue 29, decision 0023): 10,000 contacts (BENCH_AUTOMATION_CONTACTS) enter a
// three-step workflow — add a tag, wait 1 minute, send an e-mail — on our job runner (automation_enroll,
// automation_step, send_email_delivery), over a throwaway embedded PostgreSQL with the migrations, the e-mails going to a real
// SMTP server in this process (the `smtp-server` package) that accepts and discards. Printed:
//   - the lag of steps started after their due time (p50 / p99 / max): the wait's end against its stored due time,
//     and the first step against the contact's entry;
//   - contacts processed per second (entry → at the wait; due → e-mail queued and run ended);
//   - the database size of the run (enrollments, step runs, run log) per 10,000 enrollments.
// The minute is not waited for: once every contact waits, the stored due times are moved through the database to
// earlier by one interval (the first 10 s ahead, their spread kept), the runs' queued jobs with them, in one
// transaction. Figures are noisy: the machine's two cores run other work too (shared/design/measuring.md).
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { createSql, ensureDatabase, withDatabase } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { startJobRunner, type JobRunner } from '../server/src/jobs/job-runner';
import { automationEnroll } from '../server/src/jobs/tasks/automation-enroll';
import { automationStep } from '../server/src/jobs/tasks/automation-step';
import { sendEmail } from '../server/src/jobs/tasks/send-email';
import { sendEmailDelivery } from '../server/src/jobs/tasks/send-email-delivery';
import { createMailTransport } from '../server/src/lib/mailer';
import { createOutboundClient } from '../server/src/lib/outbound/outbound-client';
import { STRICT_POLICY } from '../server/src/lib/outbound/url-policy';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/project-paths';
import { seedUser } from '../tests/support/users';
import { functionTimes, lagProbe, slotTimed, spreadOf } from './bench-automation-lag';
import { loadAverage, percentile } from './bench-support';

const CONTACTS = Number(process.env.BENCH_AUTOMATION_CONTACTS ?? 10_000);
/** BENCH_AUTOMATION_FUNCTIONS=1: also print where the database's time went in the continuations (track_functions). */
const FUNCTIONS = process.env.BENCH_AUTOMATION_FUNCTIONS === '1';
const quiet = { debug() {}, info() {}, warn() {}, error: (message: string) => console.error(message) };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream: SMTPServerDataStream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;

const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-automation-'));
await chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'data'), password: randomBytes(12).toString('hex'), fast: true, keepExitHooks: true });
await ensureDatabase(pg.url, 'bench');
const url = withDatabase(pg.url, 'bench');
if (FUNCTIONS) {
  const admin = createSql(pg.url, { max: 1 });
  await admin`alter database bench set track_functions = 'all'`;
  await admin.end();
}
const sql = createSql(url, { max: 8 });
let runner: JobRunner | undefined;
const probe = lagProbe(automationStep);
/** How long each e-mail job held a worker slot (a slot held by a send is one a due step waits for). */
const sendSlots: number[] = [];
const mail = createMailTransport({ dataDir: dir, smtpUrl, from: 'Bench <bench@bench.test>', log: quiet as never, maxConnections: 5 });

async function until(what: () => Promise<boolean>) {
  while (!(await what())) await sleep(250);
}
const count = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
const lags = (rows: { lag: number }[]) => {
  const sorted = rows.map((row) => row.lag).sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(3)} s, p99 ${percentile(sorted, 99).toFixed(3)} s, max ${sorted.at(-1)!.toFixed(3)} s (${sorted.length.toLocaleString('en-US')} steps)`;
};

try {
  await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
  console.log(`bench:automation — ${CONTACTS.toLocaleString('en-US')} contacts: add tag → wait 1 minute → send e-mail; load average ${loadAverage()}`);
  const owner = await seedUser(sql);
  const workspace = owner.organizationId;
  await sql`insert into private.automation_workspace_limits (workspace_id, enrollments_per_hour) values (${workspace}, ${CONTACTS * 2})`;
  const graph = {
    trigger: { type: 'contact_created' }, enrollment: 'once',
    steps: [
      { id: 'tag', type: 'add_tag', tag: 'bench', next: 'pause' },
      { id: 'pause', type: 'wait', minutes: 1, next: 'mail' },
      { id: 'mail', type: 'send_email', subject: 'Hello {{first_name}}', body: 'Welcome aboard.', next: 'done' },
      { id: 'done', type: 'end' },
    ],
  };
  await sql.begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: owner.id, role: 'authenticated' })}, true)`;
    const [workflow] = await tx<{ id: string }[]>`select id from public.create_automation_workflow(${workspace}, 'Bench', ${tx.json(graph)})`;
    await tx`select public.publish_automation_workflow(${workflow!.id})`;
  });

  runner = await startJobRunner({
    databaseUrl: url,
    services: { sql, mail, siteUrl: 'https://bench.test', analyticsRollupSeconds: 0, outbound: createOutboundClient({ policy: STRICT_POLICY }), email: { publicUrl: 'https://bench.test', ratePerSecond: 100_000, concurrency: 5 } },
    log: quiet,
    tasks: [automationEnroll, probe.task, sendEmail, slotTimed(sendEmailDelivery, sendSlots)],
    concurrency: 8,
    cron: false,
  });

  // 1. The contacts arrive (one statement: the import case), each enters, is tagged and waits.
  let started = performance.now();
  await sql`insert into public.contacts (organization_id, email, first_name)
    select ${workspace}, 'c' || n || '@bench.test', 'Contact ' || n from generate_series(1, ${CONTACTS}) n`;
  await until(async () => (await count(sql`select count(*)::int as n from public.automation_step_runs where step_id = 'pause' and status = 'waiting'`)) >= CONTACTS);
  const enterSeconds = (performance.now() - started) / 1000;
  const firstLags = await sql<{ lag: number }[]>`
    select extract(epoch from r.started_at - c.created_at)::float8 as lag
    from public.automation_step_runs r join public.automation_enrollments e on e.id = r.enrollment_id
    join public.contacts c on c.id = e.contact_id where r.step_id = 'tag'`;
  console.log(`\n1. entry → tagged → waiting: ${(CONTACTS / enterSeconds).toFixed(0)} contacts/s (${enterSeconds.toFixed(1)} s)`);
  console.log(`   first step started after the contact was created: ${lags(firstLags)}`);

  // 2. The minute passes: every stored due time is moved back by the same interval (their spread is kept), the first
  // one to 10 s ahead, and the jobs queued again for them — through the database, not waited for.
  const [shift] = await sql<{ seconds: number }[]>`
    select extract(epoch from min(due_at) - (now() + interval '10 seconds'))::float8 as seconds
    from public.automation_step_runs where step_id = 'pause' and status = 'waiting'`;
  // One transaction moves the stored due times and the runs' own queued jobs (automation:<id>, queued by the wait for
  // its due time) by the same interval — graphile-worker's run_at updated in place (0.17.3's table), because queueing
  // 10,000 jobs again took seconds under load, and dues that passed before that commit counted as lag (decision 0023,
  // session 11: the bench's own delay, not the runner's).
  const moving = performance.now();
  await sql.begin(async (tx) => {
    await tx`update public.automation_step_runs set due_at = due_at - make_interval(secs => ${shift!.seconds}) where step_id = 'pause' and status = 'waiting'`;
    await tx`update public.automation_enrollments set due_at = due_at - make_interval(secs => ${shift!.seconds}) where status = 'active'`;
    await tx`update graphile_worker._private_jobs j set run_at = e.due_at from public.automation_enrollments e
      where j.key = 'automation:' || e.id::text and j.locked_at is null and e.status = 'active'`;
  });
  const moveSeconds = (performance.now() - moving) / 1000;
  probe.start();
  sendSlots.length = 0;
  if (FUNCTIONS) await sql`select pg_stat_reset()`;
  const [firstDue] = await sql<{ at: Date }[]>`select min(due_at) as at from public.automation_enrollments where status = 'active'`;
  const moved = { due: firstDue!.at };
  console.log(`\n2. the 1-minute wait: stored due times and their queued jobs MOVED through the database by ${shift!.seconds.toFixed(1)} s in ${moveSeconds.toFixed(1)} s (spread kept; first due 10 s ahead of the move)`);
  await until(async () => Date.now() >= moved!.due.getTime());
  started = performance.now();
  await until(async () => (await count(sql`select count(*)::int as n from public.automation_enrollments where status <> 'active'`)) >= CONTACTS);
  const runSeconds = (performance.now() - started) / 1000;
  const functions = FUNCTIONS ? await functionTimes(sql) : [];
  await until(async () => received >= CONTACTS || performance.now() - started > 600_000);
  const sentSeconds = (performance.now() - started) / 1000;
  const waitLags = await sql<{ lag: number }[]>`
    select greatest(0, extract(epoch from m.started_at - p.due_at))::float8 as lag
    from public.automation_step_runs p join public.automation_step_runs m on m.enrollment_id = p.enrollment_id and m.step_id = 'mail'
    where p.step_id = 'pause'`;
  const [ended] = await sql<{ finished: number; failed: number }[]>`
    select count(*) filter (where status = 'finished')::int as finished, count(*) filter (where status = 'failed')::int as failed from public.automation_enrollments`;
  console.log(`   steps started after their due time (the e-mail step after the wait): ${lags(waitLags)} (target p99 ≤ 1 s)`);
  for (const line of await probe.report(sql, 'pause', 'mail')) console.log(line);
  console.log(`   a worker slot held per send_email_delivery job (${sendSlots.length.toLocaleString('en-US')} jobs, concurrency 8, SMTP pool 5): ${spreadOf(sendSlots)}`);
  for (const line of functions) console.log(line);
  console.log(`   first due → e-mail queued, every run ended: ${(CONTACTS / runSeconds).toFixed(0)} contacts/s (${runSeconds.toFixed(1)} s); ${ended!.finished} finished, ${ended!.failed} failed`);
  console.log(`   e-mails at the SMTP server: ${received.toLocaleString('en-US')} in ${sentSeconds.toFixed(1)} s after the first due time (${(received / sentSeconds).toFixed(0)}/s)`);

  // 3. The run's size in the database.
  const [size] = await sql<{ enrollments: number; steps: number; log: number; n: number }[]>`
    select pg_total_relation_size('public.automation_enrollments')::float8 as enrollments, pg_total_relation_size('public.automation_step_runs')::float8 as steps,
      pg_total_relation_size('public.automation_run_log')::float8 as log, (select count(*)::int from public.automation_enrollments) as n`;
  const per = 10_000 / size!.n;
  console.log(`\n3. database size per 10,000 enrollments: run log ${kb(size!.log * per)}, step runs ${kb(size!.steps * per)}, enrollments ${kb(size!.enrollments * per)} (tables with their indexes)`);
  console.log(`\nload average at the end: ${loadAverage()} (2 shared cores: figures are noisy)`);
} finally {
  await runner?.stop().catch(() => {});
  mail.close();
  await sql.end({ timeout: 5 }).catch(() => {});
  await pg.stop().catch(() => {});
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dir, { recursive: true, force: true }).catch(() => {});
}

// `npm run bench:email`: a campaign of the Email Platform (docs/decisions/0020-email-platform.md) to 100,000 contacts
// (BENCH_EMAIL_CONTACTS) delivered to a real SMTP server in this process (the `smtp-server` package) that accepts
// and discards, over a throwaway embedded PostgreSQL with the migrations:
//   1. the baseline: a bare nodemailer pool (same number of connections) pushing the same rendered message, with
//      the same unsubscribe headers, to the same server, as fast as it can;
//   2. the campaign, as a member sends it (public.send_email_campaign) on our job runner (the send_email_campaign
//      task alone): messages per second and its ratio to the baseline (target ≥ 0.5), the time from "Send" to the
//      first message at the SMTP server (target < 2 s), and this process's peak memory while it sends (the worker,
//      plus the SMTP server and the baseline's leftovers: an upper bound);
//   3. the worker's memory (target < 150 MB): the same campaign again (a copy, to the same list), sent by a worker
//      in a process of its own, started with the node arguments of package.json's "worker" script (scripts/worker.mjs:
//      the bundled worker; tests/support/worker-command.ts), its resident set (VmRSS of /proc/<pid>/status) sampled
//      every 100 ms while it sends, and its VmHWM (the kernel's peak) at the end.
// The workspace's rate is set to its maximum (100,000 a minute) and the server's to 100,000 a second.
// Figures are noisy: the machine's two cores run other work too (shared/design/measuring.md).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { readBlocks } from '../src/lib/email-template/email-blocks';
import { personaliseEmail, renderEmail } from '../src/lib/email-template/render-email';
import { createSql, ensureDatabase, withDatabase } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { startJobRunner, type JobRunner } from '../server/src/jobs/job-runner';
import { sendEmailCampaign } from '../server/src/jobs/tasks/send-email-campaign';
import { createMailTransport } from '../server/src/lib/mailer';
import { createOutboundClient } from '../server/src/lib/outbound/outbound-client';
import { STRICT_POLICY } from '../server/src/lib/outbound/url-policy';
import { messagePlaceholders, unsubscribeHeaders } from '../server/src/modules/email/email-links';
import { sanitizeEmailFragment } from '../server/src/modules/email/sanitize-email-fragment';
import { MIGRATIONS_DIR, ROOT_DIR, SHIM_DIR } from '../server/src/project-paths';
import { seedUser } from '../tests/support/users';
import { SAMPLE_BLOCKS } from '../tests/support/email';
import { workerNodeArgs } from '../tests/support/worker-command';

const CONTACTS = Number(process.env.BENCH_EMAIL_CONTACTS ?? 100_000);
const CONNECTIONS = Number(process.env.EMAIL_SMTP_CONNECTIONS ?? 5);
// BENCH_EMAIL_ONLY=worker: part 3 alone (the worker process's memory), e.g. to compare node flags for it:
// BENCH_EMAIL_WORKER_FLAGS="--max-old-space-size=64" goes before package.json's own worker arguments.
const WORKER_ONLY = process.env.BENCH_EMAIL_ONLY === 'worker';
// BENCH_EMAIL_ONLY=campaign: parts 1 and 2 (the ratio), without part 3. BENCH_EMAIL_CPU_PROFILE=<file>: CPU profiles
// of this process while parts 1 and 2 send, <file>.pool.cpuprofile and <file>.campaign.cpuprofile (Chrome's DevTools).
const CAMPAIGN_ONLY = process.env.BENCH_EMAIL_ONLY === 'campaign';
const CPU_PROFILE = process.env.BENCH_EMAIL_CPU_PROFILE;
const WORKER_FLAGS = (process.env.BENCH_EMAIL_WORKER_FLAGS ?? '').split(/\s+/).filter(Boolean);
const quiet = { debug() {}, info() {}, warn() {}, error: (message: string) => console.error(message) };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** BENCH_EMAIL_CPU_PROFILE: profiles this process until the returned function writes `<file>.<part>.cpuprofile`. */
async function startProfile(): Promise<(part: string) => Promise<void>> {
  if (!CPU_PROFILE) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (part) => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(`${CPU_PROFILE}.${part}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  };
}

/** A process's resident set and its peak so far (VmRSS, VmHWM of /proc/<pid>/status), in bytes. */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = (field: string) => 1024 * Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

// The SMTP server: accepts every message, keeps nothing but a count and the first message's moment.
let received = 0;
let firstAt = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream: SMTPServerDataStream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      if (firstAt === 0) firstAt = performance.now();
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;

const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-email-'));
await chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'data'), password: randomBytes(12).toString('hex'), fast: true, keepExitHooks: true });
await ensureDatabase(pg.url, 'bench');
const url = withDatabase(pg.url, 'bench');
const sql = createSql(url, { max: 8 });
let runner: JobRunner | undefined;
let worker: ReturnType<typeof spawn> | undefined;
const mail = createMailTransport({ dataDir: dir, smtpUrl, from: 'Bench <bench@bench.test>', log: quiet as never, maxConnections: CONNECTIONS });
try {
  await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
  console.log(`bench:email — ${CONTACTS.toLocaleString('en-US')} contacts, ${CONNECTIONS} SMTP connections, PostgreSQL ${(await sql`show server_version`)[0]!.server_version}`);

  let bareRate = 0;
  if (!WORKER_ONLY) {
    // 1. The baseline: nodemailer's pool alone, the same message (rendered once, personalised as the worker does).
    const rendered = renderEmail({ content: { subject: 'News for {{first_name|you}}', preheader: '', blocks: readBlocks(SAMPLE_BLOCKS) }, workspaceName: 'Bench', sanitizeFragment: sanitizeEmailFragment });
    const placeholders = messagePlaceholders('https://bench.test', 'A'.repeat(43), rendered.links, { opens: false, clicks: false });
    const message = personaliseEmail(rendered, { first_name: 'Ada', email: 'a@bench.test' }, placeholders);
    const pool = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: CONNECTIONS, maxMessages: Infinity });
    const stopProfile = await startProfile();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < CONTACTS) {
          next += 1;
          await pool.sendMail({ from: 'Bench <bench@bench.test>', to: `c${next}@bench.test`, subject: message.subject, text: message.text, html: message.html, headers: unsubscribeHeaders(placeholders.unsubscribeUrl) });
        }
      }),
    );
    const bareSeconds = (performance.now() - started) / 1000;
    await stopProfile('pool');
    pool.close();
    bareRate = CONTACTS / bareSeconds;
    console.log(`\n1. bare nodemailer pool: ${bareRate.toFixed(0)} messages/s (${bareSeconds.toFixed(1)} s)`);
  }

  // 2. The campaign.
  const owner = await seedUser(sql);
  const workspace = owner.organizationId;
  await sql`update public.email_settings set per_minute_limit = 100000, error_threshold = 10000 where organization_id = ${workspace}`;
  const [list] = await sql<{ id: string }[]>`insert into public.email_lists (organization_id, name, opt_in) values (${workspace}, 'Everyone', 'single') returning id`;
  await sql`
    insert into public.contacts (organization_id, email, first_name)
    select ${workspace}, 'c' || n || '@bench.test', 'Contact ' || n from generate_series(1, ${CONTACTS}) n`;
  await sql`
    insert into public.email_list_members (list_id, contact_id, organization_id, status, consent_method, consent_source, confirmed_at)
    select ${list!.id}, c.id, ${workspace}, 'confirmed', 'manual', 'bench', now() from public.contacts c where c.organization_id = ${workspace}`;
  const [campaign] = await sql<{ id: string }[]>`
    insert into public.email_campaigns (organization_id, name, subject, blocks, list_ids)
    values (${workspace}, 'Bench', 'News for {{first_name|you}}', ${sql.json(SAMPLE_BLOCKS as never)}, array[${list!.id}]::uuid[]) returning id`;
  await sql`vacuum analyze`;

  /** Transactions committed in the bench's database so far (pg_stat_database; the statistics of the moment). */
  async function transactions(): Promise<number> {
    await sql`select pg_stat_clear_snapshot()`;
    const [row] = await sql<{ n: string }[]>`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`;
    return Number(row!.n);
  }

  /** "Send" as the owner, then waits until the campaign is sent (or stops): seconds, and the first message's moment. */
  async function sendCampaign(campaignId: string): Promise<{ status: string; seconds: number; firstSeconds: number; sent: number; other: number }> {
    received = 0;
    firstAt = 0;
    const start = performance.now();
    await sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: owner.id, role: 'authenticated' })}, true)`;
      await tx`select public.send_email_campaign(${campaignId})`;
    });
    let status = 'scheduled';
    while (status !== 'sent' && status !== 'paused' && status !== 'cancelled') {
      await sleep(250);
      status = (await sql<{ status: string }[]>`select status from public.email_campaigns where id = ${campaignId}`)[0]!.status;
    }
    const seconds = (performance.now() - start) / 1000;
    const [counts] = await sql<{ sent: number; other: number }[]>`
      select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other
      from public.email_deliveries where campaign_id = ${campaignId}`;
    return { status, seconds, firstSeconds: (firstAt - start) / 1000, ...counts! };
  }

  if (!WORKER_ONLY) {
    runner = await startJobRunner({
      databaseUrl: url,
      services: { sql, mail, siteUrl: 'https://bench.test', analyticsRollupSeconds: 0, outbound: createOutboundClient({ policy: STRICT_POLICY }), email: { publicUrl: 'https://bench.test', ratePerSecond: 100_000, concurrency: CONNECTIONS } },
      log: quiet,
      tasks: [sendEmailCampaign],
      concurrency: 4,
      cron: false,
    });
    // A worker must be seen alive before a member may send (private.require_email_worker).
    while (!(await sql<{ alive: boolean }[]>`select private.job_worker_alive() as alive`)[0]!.alive) await sleep(100);
    global.gc?.();
    const baseRss = process.memoryUsage().rss;
    let peakRss = baseRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
    const statementsBefore = await transactions();
    const stopProfile = await startProfile();
    const inProcess = await sendCampaign(campaign!.id);
    clearInterval(sampler);
    await stopProfile('campaign');
    const statements = (await transactions()) - statementsBefore;
    const rate = received / inProcess.seconds;
    console.log(`\n2. the campaign (${inProcess.status}): ${inProcess.sent.toLocaleString('en-US')} deliveries sent, ${inProcess.other} not; ${received.toLocaleString('en-US')} messages at the SMTP server`);
    console.log(`   ${rate.toFixed(0)} messages/s (${inProcess.seconds.toFixed(1)} s from "Send" to sent) = ${(rate / bareRate).toFixed(2)} of the bare pool (target ≥ 0.5)`);
    console.log(`   "Send" → first message at the SMTP server: ${inProcess.firstSeconds.toFixed(2)} s (target < 2 s)`);
    console.log(`   this bench process (worker + SMTP server + the baseline's leftovers): peak RSS ${mb(peakRss)} (at "Send": ${mb(baseRss)})`);
    console.log(`   database transactions per message: ${(statements / Math.max(1, received)).toFixed(2)} (${statements.toLocaleString('en-US')}, the bench's own polling included)`);
  }

  // 3. The worker's memory: the same campaign again, sent by a worker process of its own.
  await runner?.stop();
  runner = undefined;
  if (!CAMPAIGN_ONLY) {
    const [copy] = await sql<{ id: string }[]>`
      insert into public.email_campaigns (organization_id, name, subject, blocks, list_ids)
      select organization_id, 'Bench (worker process)', subject, blocks, list_ids from public.email_campaigns where id = ${campaign!.id} returning id`;
    await mkdir(path.join(dir, 'worker'), { recursive: true });
    worker = spawn(process.execPath, [...WORKER_FLAGS, ...workerNodeArgs()], {
      cwd: ROOT_DIR,
      env: {
        ...process.env, DATABASE_URL: url, DATA_DIR: path.join(dir, 'worker'), SMTP_URL: smtpUrl, SMTP_FROM: 'Bench <bench@bench.test>',
        EMAIL_PUBLIC_URL: 'https://bench.test', EMAIL_RATE_PER_SECOND: '100000', EMAIL_SMTP_CONNECTIONS: String(CONNECTIONS),
        LOG_LEVEL: 'warn', ANALYTICS_ROLLUP_SECONDS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const workerPid = worker.pid!;
    while (!(await sql<{ alive: boolean }[]>`select private.job_worker_alive() as alive`)[0]!.alive) await sleep(100);
    await sleep(2000); // its start-up jobs (the blog HTML sweep, …) done
    const atSend = (await memoryOf(workerPid)).rss;
    let workerPeak = atSend;
    const workerSampler = setInterval(() => void memoryOf(workerPid).then((m) => (workerPeak = Math.max(workerPeak, m.rss))), 100);
    const outOfProcess = await sendCampaign(copy!.id);
    clearInterval(workerSampler);
    const { hwm } = await memoryOf(workerPid);
    console.log(`\n3. the same campaign sent by a worker process of its own${WORKER_FLAGS.length ? ` (with ${WORKER_FLAGS.join(' ')})` : ''} (${outOfProcess.status}): ${outOfProcess.sent.toLocaleString('en-US')} deliveries sent, ${outOfProcess.other} not; ${received.toLocaleString('en-US')} messages at the SMTP server`);
    console.log(`   ${(received / outOfProcess.seconds).toFixed(0)} messages/s (${outOfProcess.seconds.toFixed(1)} s; the SMTP server in another process than the worker: not comparable to 1.)`);
    console.log(`   the worker's memory (VmRSS of pid ${workerPid}, every 100 ms): peak ${mb(workerPeak)} while sending (at "Send": ${mb(atSend)}); VmHWM over its whole life ${mb(hwm)} (target < 150 MB)`);
  }
} finally {
  await runner?.stop().catch(() => {});
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker!.once('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
  }
  mail.close();
  await sql.end({ timeout: 5 }).catch(() => {});
  await pg.stop().catch(() => {});
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dir, { recursive: true, force: true }).catch(() => {});
}

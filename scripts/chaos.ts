// `npm run chaos [-- --kills N]`: the real server (embedded PostgreSQL, durable settings) on a throwaway data
// directory, three clients writing content items through /rest/v1, and N kill -9 of each kind:
//   postgres — the embedded PostgreSQL (the server restarts it, crash recovery included);
//   node     — the server process alone (as an out-of-memory kill does), then a new start as `npm start` does.
// Prints per kind: time from kill until writes succeed again, acknowledged / lost / phantom rows and the
// longest request. Lost = acknowledged (201) but missing afterwards; phantom = refused (an error status) but
// present afterwards. Writes that got no answer at all (the server process was gone) are counted apart.
// Then background work (issue 26): scheduled publications and invitation e-mails (a slow SMTP server) while
//   worker — one of two `npm run worker` processes is killed and started again, N times;
//   server  — the whole server, running the job runner itself, is killed and started again, N times;
// and a campaign of the Email Platform to 1,000 contacts; once everything is due: publications and e-mails lost,
// published twice, sent twice (outbox files, SMTP messages and their distinct Message-IDs), campaign e-mails received
// twice or missed by the SMTP server (per recipient), unconfirmed ones (their final dot may have gone out before a
// kill: recorded, not sent again; decision 0020), and how late publications were.
// Then webhooks (scripts/chaos-webhooks.ts): a worker killed while a delivery is at a real receiver, N times;
// webhook-ids lost, repeated, and whether every request verifies. Then the Social Hub (scripts/chaos-social.ts): a
// worker killed while a post is at a real Bluesky PDS, N times; posts there twice, unconfirmed ones.
// Then automation (scripts/chaos-automation.ts): a worker killed while contacts go through a workflow, N times; runs
// lost, steps repeated, e-mails queued or sent twice. `--only writes|jobs|webhooks|social|automation` runs one part.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { freePort } from '../server/src/db/embedded';
import { ROOT_DIR } from '../server/src/project-paths';
import { auditWorkload, waitForWorkload, writeJobWorkload } from '../tests/support/chaos-jobs';
import { runAutomationChaos } from './chaos-automation';
import { runSocialChaos } from './chaos-social';
import { runWebhookChaos } from './chaos-webhooks';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { workerNodeArgs } from '../tests/support/worker-command';
import type { ServerProcess } from '../tests/support/spawn-server';
import {
  anonKeyOf,
  audit,
  recoveryAfter,
  openEmbedded,
  postmasterPid,
  runWriter,
  signUp,
  sleep,
  startServer,
  type Writer,
} from '../tests/support/chaos-harness';
import { chaosOptions } from './chaos-options';

const { kills, parts } = chaosOptions(process.argv);

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `min ${(sorted[0]! / 1000).toFixed(2)} s, median ${(at(0.5) / 1000).toFixed(2)} s, max ${(sorted.at(-1)! / 1000).toFixed(2)} s`;
}

async function run(kind: 'postgres' | 'node'): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-chaos-'));
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const env = { PORT: String(await freePort()) };
  let server: ServerProcess = startServer(dataDir, env);
  try {
    const url = await server.ready;
    const anonKey = await anonKeyOf(dataDir);
    const writers: Writer[] = [];
    for (const label of ['a', 'b', 'c']) writers.push({ token: await signUp(url, anonKey, `chaos-${label}`), outcomes: [] });
    const stop = { value: false };
    const running = writers.map((writer, i) => runWriter(url, anonKey, writer, `${kind}${i}`, stop));
    const recoveries: number[] = [];
    let unrecovered = 0;
    for (let n = 0; n < kills; n += 1) {
      await sleep(1000);
      const killedAt = performance.now();
      if (kind === 'postgres') {
        const pid = await postmasterPid(dataDir);
        process.kill(pid, 'SIGKILL');
        const ms = await recoveryAfter(writers, killedAt, 30_000);
        if (ms === null) unrecovered += 1;
        else recoveries.push(ms);
        while ((await postmasterPid(dataDir).catch(() => pid)) === pid) await sleep(50);
      } else {
        server.child.kill('SIGKILL');
        await server.exited;
        server = startServer(dataDir, env);
        await server.ready;
        const ms = await recoveryAfter(writers, killedAt, 30_000);
        if (ms === null) unrecovered += 1;
        else recoveries.push(ms);
      }
      process.stdout.write('.');
    }
    await sleep(500);
    stop.value = true;
    await Promise.all(running);
    const sql = await openEmbedded(dataDir);
    const result = await audit(sql, writers).finally(() => sql.end());
    const statuses = new Map<number, number>();
    for (const outcome of writers.flatMap((w) => w.outcomes)) statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
    console.log(`\nkill -9 ${kind} × ${kills}`);
    console.log(`  kill → writes succeed again: ${recoveries.length ? summary(recoveries) : '–'}${unrecovered ? `; ${unrecovered} not within 30 s` : ''}`);
    console.log(`  writes: ${result.acknowledged} acknowledged, ${result.lost.length} lost; ${result.refused} refused, ${result.phantom.length} phantom`);
    if (result.unanswered) {
      console.log(`  ${result.unanswered} without an answer (connection refused or cut while no server ran): ${result.unansweredWritten.length} of them written (in flight when the process died)`);
    }
    console.log(`  answers: ${[...statuses].map(([status, count]) => `${status === 0 ? 'no answer' : status} × ${count}`).join(', ')}`);
    console.log(`  longest request: ${(result.longestMs / 1000).toFixed(2)} s`);
  } finally {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await rm(dir, { recursive: true, force: true });
  }
}

/** `npm run worker` joined to the embedded PostgreSQL of a running server's data directory. */
function startWorker(dataDir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, workerNodeArgs(), {
    cwd: ROOT_DIR,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ANALYTICS_ROLLUP_SECONDS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, exited };
}

async function runJobs(kind: 'worker' | 'server'): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-chaos-jobs-'));
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const sink = await startSmtpSink({ acceptDelayMs: 40 });
  const label = `chaos${randomLabel()}`;
  const env = { PORT: String(await freePort()), SMTP_URL: `smtp://127.0.0.1:${sink.port}`, JOB_CONCURRENCY: '4', JOB_RUNNER: kind === 'server' ? 'true' : 'false' };
  let server: ServerProcess = startServer(dataDir, env);
  const workers: ReturnType<typeof startWorker>[] = [];
  let sql: Awaited<ReturnType<typeof openEmbedded>> | undefined;
  try {
    await server.ready;
    // The workers join the server's embedded PostgreSQL once it runs.
    if (kind === 'worker') workers.push(startWorker(dataDir, env), startWorker(dataDir, env));
    sql = await openEmbedded(dataDir);
    const db = sql;
    // Until a worker has signalled, e-mails would not be queued.
    const waitUntil = Date.now() + 60_000;
    while (!(await db<{ alive: boolean }[]>`select private.job_worker_alive() as alive`)[0]!.alive) {
      if (Date.now() > waitUntil) throw new Error('no worker signalled within 60 s');
      await sleep(100);
    }
    const workload = await writeJobWorkload(db, { publications: 300, emails: 150, campaignRecipients: 1000, spreadMs: 15_000, label });
    const started = performance.now();
    for (let n = 0; n < kills; n += 1) {
      await sleep(1500);
      if (kind === 'worker') {
        const index = n % workers.length;
        workers[index]!.child.kill('SIGKILL');
        await workers[index]!.exited;
        workers[index] = startWorker(dataDir, env);
      } else {
        await sql.end({ timeout: 1 });
        server.child.kill('SIGKILL');
        await server.exited;
        server = startServer(dataDir, env);
        await server.ready;
        sql = await openEmbedded(dataDir);
      }
      process.stdout.write('.');
    }
    const done = await waitForWorkload(sql, workload, 180_000);
    const audit = await auditWorkload(sql, workload, dataDir, sink.messages, label, sink.recipients);
    console.log(`\nkill -9 ${kind === 'worker' ? 'of a worker (of 2)' : 'of the server (its own worker)'} × ${kills}, while ${workload.publications} publications (over 15 s), ${workload.emails} invitation e-mails and a campaign to ${workload.campaignRecipients.length} ran`);
    console.log(`  everything done ${done ? `${((performance.now() - started) / 1000).toFixed(1)} s after the workload was queued` : 'NOT within 180 s'}`);
    console.log(`  publications: ${audit.published} of ${workload.publications} published (${workload.publications - audit.published} lost), ${audit.publishedTwice} published twice; scheduled moment → published p50 ${(audit.lateness.p50 / 1000).toFixed(2)} s, max ${(audit.lateness.max / 1000).toFixed(1)} s`);
    console.log(`  invitation e-mails: ${audit.sent} of ${workload.emails} sent, ${audit.unconfirmed} unconfirmed (${audit.unconfirmedReceived} of them received); SMTP messages ${audit.smtpMessages}, distinct Message-IDs ${audit.smtpDistinct}; duplicates received ${audit.duplicates}, missed ${audit.missed}; outbox files ${audit.outboxFiles}`);
    const c = audit.campaign;
    console.log(`  campaign: ${c.status}, ${c.sent} of ${c.recipients} sent, ${c.unconfirmed} unconfirmed (${c.unconfirmedReceived} of them received); messages received ${c.messages}; duplicates received ${c.duplicates}, missed ${c.missed}`);
    console.log(`  failed jobs: ${audit.failedJobs}`);
  } finally {
    await sql?.end({ timeout: 1 }).catch(() => {});
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await sink.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function randomLabel(): string {
  return Math.random().toString(36).slice(2, 8);
}

console.log(`chaos: ${kills} kills of each kind, 3 writers through /rest/v1; then background work`);
if (parts.includes('writes')) {
  await run('postgres');
  await run('node');
}
if (parts.includes('jobs')) {
  await runJobs('worker');
  await runJobs('server');
}
if (parts.includes('webhooks')) {
  await runWebhookChaos(kills, startWorker);
}
if (parts.includes('social')) {
  await runSocialChaos(kills, startWorker);
}
if (parts.includes('automation')) {
  await runAutomationChaos(kills, startWorker);
}

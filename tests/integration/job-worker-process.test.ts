import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Config } from '../../server/src/config';
import { createSql, type Sql } from '../../server/src/db/client';
import { openWorkerDatabase } from '../../server/src/jobs/worker-database';
import { ROOT_DIR } from '../../server/src/project-paths';
import { createDatabaseFromTemplate, type TestDatabase } from '../support/cluster';
import { seedUser } from '../support/users';
import { workerNodeArgs } from '../support/worker-command';

/**
 * `npm run worker` as its own process (server/src/jobs/worker-main.ts), as it runs against a hosted project's
 * database: two of them share one queue, stop gracefully on SIGTERM, and refuse a bad DATABASE_URL clearly.
 */

interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let db: TestDatabase;
let sql: Sql;
let dataDir: string;

function startWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, workerNodeArgs(), {
    cwd: ROOT_DIR,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ANALYTICS_ROLLUP_SECONDS: '0', JOB_CONCURRENCY: '2', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Waits for `check`; a worker that exits meanwhile, or the time running out, fails with what the workers printed. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000, workers: WorkerProcess[] = []): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const printed = () => workers.map((worker, index) => `--- worker ${index + 1} printed:\n${worker.output()}`).join('\n');
  while (!(await check())) {
    const gone = workers.find((worker) => worker.child.exitCode !== null);
    if (gone) throw new Error(`a worker exited (code ${gone.child.exitCode}) while waiting for ${what}\n${printed()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${printed()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  db = await createDatabaseFromTemplate(inject('cluster'));
  sql = createSql(db.url, { max: 2 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'bb-worker-'));
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run worker', () => {
  it('two workers on one database share the scheduled publications, each published once, and stop on SIGTERM', async () => {
    const workers = [startWorker({ DATABASE_URL: db.url }), startWorker({ DATABASE_URL: db.url })];
    try {
      // Two processes load the server's code through tsx at once: on a busy 2-core machine that takes a while.
      await until(() => workers.every((worker) => /Worker \S+ working for postgres:\/\/[^:/@]+:\*\*\*@/.test(worker.output())), 'both workers', 90_000, workers);
      const owner = await seedUser(sql);
      await sql`
        insert into public.content_items (organization_id, user_id, title, planned_publish_at, publish_on_schedule)
        select ${owner.organizationId}, ${owner.id}, 'Item ' || n, now() - interval '1 second', true from generate_series(1, 40) n`;
      await until(async () => (await sql`select id from public.content_items where organization_id = ${owner.organizationId} and status = 'published'`).length === 40, 'all published', 30_000, workers);

      // Each job logs its outcome after its transaction: the last lines may still be on their way through the pipes.
      const logged = () => workers.map((worker) => (worker.output().match(/: published$/gm) ?? []).length);
      await until(() => logged()[0]! + logged()[1]! >= 40, 'the workers’ log lines', 30_000, workers);
      const published = logged();
      expect(published[0]! + published[1]!).toBe(40);
      expect(published[0]).toBeGreaterThan(0);
      expect(published[1]).toBeGreaterThan(0);
      const [events] = await sql<{ count: number }[]>`select count(*)::int as count from private.workspace_events where workspace_id = ${owner.organizationId} and type = 'content.published'`;
      expect(events!.count).toBe(40);
      expect(await sql`select worker_id from private.job_workers`).toHaveLength(2);
    } finally {
      for (const worker of workers) worker.child.kill('SIGTERM');
    }
    expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([0, 0]);
    expect(workers[0]!.output()).toContain('Worker stopped.');
    expect(await sql`select worker_id from private.job_workers`).toEqual([]);
  }, 180_000);

  it.each([
    ['an unreachable database', 'postgres://postgres:secret@127.0.0.1:1/app', /^Cannot connect to postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/app: .*Check the host, port, user and password\.$/m],
    ['the transaction pooler', 'postgres://postgres.ref:secret@aws-0-eu-central-1.pooler.supabase.com:6543/postgres', /transaction pooler .* session pooler \(port 5432\)/],
    ['not a URL', 'mysql://x', /^Invalid configuration: DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//m],
  ])('refuses %s with a clear message', async (_case, url, message) => {
    const worker = startWorker({ DATABASE_URL: url });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(message);
    expect(worker.output()).not.toContain('secret');
  });

  describe('a database that cannot take the worker yet (too many connections, SQLSTATE 53300)', () => {
    // A role allowed no connections gets what a full server answers: "too many connections …", code 53300.
    const role = `worker_busy_${process.pid}`;
    const urlAs = () => { const url = new URL(db.url); url.username = role; url.password = 'busy-secret'; return url.toString(); };
    beforeAll(async () => {
      await sql.unsafe(`create role ${role} login password 'busy-secret' connection limit 0`);
      // The worker's first query looks for this version's migrations in schema private.
      await sql.unsafe(`grant usage on schema private to ${role}`);
    });
    afterAll(async () => {
      await sql.unsafe(`drop owned by ${role}`);
      await sql.unsafe(`drop role if exists ${role}`);
    });

    it('is waited for: the worker opens it once a connection is free', async () => {
      await sql.unsafe(`alter role ${role} connection limit 0`);
      const waits: string[] = [];
      const opening = openWorkerDatabase({ databaseUrl: urlAs(), dataDir } as Config, { onBusy: (reason) => waits.push(reason) });
      await until(() => waits.length > 0, 'the first refusal');
      await sql.unsafe(`alter role ${role} connection limit -1`);
      const opened = await opening;
      await opened.sql.end();
      expect(waits[0]).toMatch(/too many connections/);
    });

    it('is given up on after its wait, with the database’s reason and no password', async () => {
      await sql.unsafe(`alter role ${role} connection limit 0`);
      const error = await openWorkerDatabase({ databaseUrl: urlAs(), dataDir } as Config, { busyTimeoutMs: 1_000 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/^Cannot connect to postgres:\/\/worker_busy_\d+:\*\*\*@.*too many connections/);
      expect((error as Error).message).not.toContain('busy-secret');
    });
  });
});

import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../server/src/db/postmaster';
import type { ServerProcess } from '../support/spawn-server';
import { processesMentioning } from '../support/spawn-server';
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
} from '../support/chaos-harness';

/**
 * The real server (`server/src/main.ts`, embedded PostgreSQL with durable settings) under kill -9: of its
 * PostgreSQL while three clients write through /rest/v1, then of the Node process alone.
 */

let dir: string;
let dataDir: string;
let server: ServerProcess;
let url: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bb-self-healing-'));
  await chmod(dir, 0o755);
  dataDir = path.join(dir, 'data');
  server = startServer(dataDir);
  url = await server.ready;
});

afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await rm(dir, { recursive: true, force: true });
});

describe('the server gets back up by itself', () => {
  it('survives three SIGKILLs of its PostgreSQL under writers: nothing acknowledged is lost, nothing refused is kept', async () => {
    const anonKey = await anonKeyOf(dataDir);
    const writers: Writer[] = [];
    for (const label of ['writer-a', 'writer-b', 'writer-c']) writers.push({ token: await signUp(url, anonKey, label), outcomes: [] });
    const stop = { value: false };
    const running = writers.map((writer, i) => runWriter(url, anonKey, writer, `w${i}`, stop));
    const serverPid = server.child.pid!;

    const recoveries: (number | null)[] = [];
    for (let kill = 0; kill < 3; kill += 1) {
      await sleep(700);
      const pid = await postmasterPid(dataDir);
      process.kill(pid, 'SIGKILL');
      const killedAt = performance.now();
      recoveries.push(await recoveryAfter(writers, killedAt, 15_000));
      // The next kill must hit the new PostgreSQL.
      while ((await postmasterPid(dataDir).catch(() => pid)) === pid) await sleep(50);
    }
    await sleep(300);
    stop.value = true;
    await Promise.all(running);

    expect(recoveries.every((ms) => ms !== null && ms < 10_000), `first success after each kill: ${recoveries.join(', ')} ms`).toBe(true);
    expect(isProcessAlive(serverPid)).toBe(true);
    expect(server.output().match(/PostgreSQL is back after/g)).toHaveLength(3);
    expect(server.output()).not.toMatch(/TypeError|Unhandled|uncaught/i);

    const sql = await openEmbedded(dataDir);
    try {
      const result = await audit(sql, writers);
      expect(result.acknowledged).toBeGreaterThan(30);
      expect(result.refused).toBeGreaterThan(0);
      expect(result.lost).toEqual([]);
      expect(result.phantom).toEqual([]);
      expect(result.longestMs, 'no request waits longer than 5 s').toBeLessThan(5000);
    } finally {
      await sql.end();
    }
    const refusals = writers.flatMap((w) => w.outcomes).filter((o) => o.status !== 201);
    expect(new Set(refusals.map((o) => o.status))).toEqual(new Set([503]));
  });

  it('after a SIGKILL of the Node process alone, the next start stops the PostgreSQL it left and serves', async () => {
    const postmaster = await postmasterPid(dataDir);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(isProcessAlive(postmaster)).toBe(true);

    server = startServer(dataDir);
    url = await server.ready;
    expect(server.output()).toContain(`PostgreSQL (pid ${postmaster}) was left running on ${path.join(dataDir, 'postgres')} by a server that is gone: stopping it…`);
    expect(isProcessAlive(postmaster)).toBe(false);
    const ready = await fetch(`${url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'reachable', migrations: 'applied' });

    // A second live server on the same data directory is refused, and changes nothing.
    const second = startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toMatch(/^Another server \(pid \d+\) is using the PostgreSQL of .+ Stop that server first, or set DATA_DIR to another folder\.$/);
    expect((await fetch(`${url}/ready`)).status).toBe(200);
  });

  it('writes PostgreSQL\'s own log to DATA_DIR/logs and stops everything on SIGTERM', async () => {
    const logs = await readdir(path.join(dataDir, 'logs'));
    expect(logs).toEqual([expect.stringMatching(/^postgresql-(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\.log$/)]);
    const text = await readFile(path.join(dataDir, 'logs', logs[0]!), 'utf8');
    expect(text).toContain('database system was not properly shut down; automatic recovery in progress');
    expect(text).toContain('database system is ready to accept connections');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(processesMentioning(dataDir)).toEqual([]);
  });
});

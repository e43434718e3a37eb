// `npm run chaos [-- --kills N]`: the real server (embedded PostgreSQL, durable settings) on a throwaway data
// directory, three clients writing content items through /rest/v1, and N kill -9 of each kind:
//   postgres — the embedded PostgreSQL (the server restarts it, crash recovery included);
//   node     — the server process alone (as an out-of-memory kill does), then a new start as `npm start` does.
// Prints per kind: time from kill until writes succeed again, acknowledged / lost / phantom rows and the
// longest request. Lost = acknowledged (201) but missing afterwards; phantom = refused (an error status) but
// present afterwards. Writes that got no answer at all (the server process was gone) are counted apart.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../server/src/db/embedded';
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

const kills = Number(process.argv[process.argv.indexOf('--kills') + 1]) || 5;

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

console.log(`chaos: ${kills} kills of each kind, 3 writers through /rest/v1`);
await run('postgres');
await run('node');

// `npm run bench:api`: the data API's throughput and latency against its ceiling (PostgreSQL itself).
//
// Starts a throwaway embedded PostgreSQL with the migrations, 1,000 content items in one organization and a
// signed-in user of it, then the real server process, and measures with wrk (-t1, 50 connections):
//   list    GET /rest/v1/content_items?select=*&order=created_at.desc&limit=50
//   embed   the same list with each item's author profile embedded (a many-to-one through a foreign key the
//           bench adds: content_items.user_id → profiles.user_id)
// Each case is compared with its ceiling (scripts/bench-api-ceiling.ts): the same per-request transaction sent
// straight to PostgreSQL with the data API's own client and pool size — for `list` the exact statement the server
// builds, for `embed` a hand-written join. API and ceiling alternate for BENCH_ROUNDS rounds (3) of BENCH_SECONDS
// (10) so both see the same machine (BENCH_WARMUP_SECONDS, 10, of load before a case's first round on a fresh
// server, 2 before the others); the ceiling is measured before the first round and after each, and a round is
// compared with the mean of the two around it, which are printed side by side (after ÷ before: the same work
// measured twice, the round's own noise; scripts/bench-api-rounds.ts). Each round and the medians are printed. The
// whole comparison is repeated BENCH_RUNS times (3), each run with a fresh server process, and every round of every
// run is listed at the end against issue 32's targets (throughput ≥ 0.9 of the ceiling, p99 ≤ 1.5 ×).
// Follows shared/design/measuring.md: the server and PostgreSQL are pinned to CPU 0, the load generator (wrk, or
// the ceiling's client) to CPU 1. CPU time per request of the server and of PostgreSQL is read from /proc.
// Where the tail goes (decision 0007): each round also prints, for the server and for the ceiling's client, the
// event-loop delay, GC pauses, how often the scheduler preempted the main thread, the wait for a pool connection
// and PostgreSQL's round trip (scripts/bench-api-probe.ts, loaded into the server with --import).
// Each round also measures the API from a kept-alive Node client on CPU 1 (scripts/bench-api-client.ts), the way the
// ceiling is measured: wrk opens 50 new connections per run and Node 20 accepts one per event-loop turn and listening
// handle, so under load their first requests (1–2 % of a round) set wrk's p99 (decision 0007, session 9; the server
// now accepts on LISTEN_HANDLES handles, 8, session 14); the kept-alive client's p99 compares request with request.
// Both are listed against the targets.
// BENCH_CASES=list,embed picks cases; DB_POOL sets the pool size of both sides. Prints figures only.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { createSql, ensureDatabase, withDatabase, type Sql } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { deriveApiKeys } from '../server/src/lib/api-keys';
import { loadCatalogue } from '../server/src/modules/rest/catalogue/schema-cache';
import { parseRequest } from '../server/src/modules/rest/parse/request';
import { buildStatement } from '../server/src/modules/rest/sql/build';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/project-paths';
import { runCeiling, type CeilingFigures, type CeilingInput } from './bench-api-ceiling';
import { runClient, type ClientFigures, type ClientInput } from './bench-api-client';
import { formatTail, preemptions, syscalls, type ProbeFigures } from './bench-api-probe';
import { CASES, ITEMS, seed, type BenchCase } from './bench-api-cases';
import { roundRatios, summaryLines, type Row } from './bench-api-rounds';
import { canPin, cpuSeconds, has, loadAverage, pin, pinSelfToCpu0, postgresCpuSeconds, postmasterPid, runWrk, startServerProcess, type Figures } from './bench-support';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PROBE = path.join(import.meta.dirname, 'bench-api-probe.ts');
/**
 * Seconds of load before a case's first round on a fresh server process (2 before the others): in its first
 * seconds a process still compiles its hot paths and sizes its heap on the CPU it shares with PostgreSQL (server
 * CPU per request 0.5–0.65 ms in a first round after 2 s, 0.25–0.35 in the next), which measured the start, not
 * the server that runs for days.
 */
const FIRST_WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
/** The server's data API pool (DB_POOL), used by the ceiling too. */
const POOL_SIZE = loadConfig({ ...process.env, PORT: '0' }).dbPool;

type Measured = Figures & {
  serverMs?: number;
  pgMs: number;
  clientMs?: number;
  tail?: ProbeFigures;
  preempted?: number;
  /** The server's read and write system calls per request. */
  io?: { reads: number; writes: number };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const fmt = (figures: Measured) =>
  `${figures.rps.toFixed(0).padStart(5)} req/s   p50 ${figures.p50.toFixed(1).padStart(6)} ms   p99 ${figures.p99.toFixed(1).padStart(6)} ms   errors ${figures.errors}` +
  `   CPU/request: ${figures.serverMs === undefined ? '' : `server ${figures.serverMs.toFixed(2)} ms, `}PostgreSQL ${figures.pgMs.toFixed(2)} ms` +
  `${figures.clientMs === undefined ? '' : `, client ${figures.clientMs.toFixed(2)} ms`}` +
  `${figures.io === undefined ? '' : `   syscalls/request: ${figures.io.reads.toFixed(1)} reads, ${figures.io.writes.toFixed(1)} writes`}`;

/** System calls per request between two readings. */
const perRequest = (before: { reads: number; writes: number }, after: { reads: number; writes: number }, requests: number) => ({
  reads: (after.reads - before.reads) / requests,
  writes: (after.writes - before.writes) / requests,
});

/**
 * Waits until the job runner has rendered every seeded item's HTML (the insert queues one `render_content_html` job
 * per published item): otherwise the first run's server renders 1,000 items with markdown-it and sanitize-html on
 * CPU 0 while it is measured (decision 0007, session 13: 10–15 % of its busy time in the first case's rounds).
 */
async function waitForRenderedItems(sql: Sql): Promise<void> {
  const started = Date.now();
  for (;;) {
    const rows = await sql<{ rendered: number }[]>`select count(*)::int as rendered from private.content_item_html`;
    const rendered = rows[0]?.rendered ?? 0;
    if (rendered >= ITEMS) break;
    if (Date.now() - started > 180_000) throw new Error(`only ${rendered} of ${ITEMS} items rendered after 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (Date.now() - started > 1000) console.log(`(waited ${((Date.now() - started) / 1000).toFixed(0)} s for the job runner to render the ${ITEMS} seeded items)`);
}

async function main(): Promise<void> {
  pinSelfToCpu0();
  if (!has('wrk')) throw new Error('bench:api needs wrk (Debian package: apt-get install wrk)');
  const selected = (process.env.BENCH_CASES ?? CASES.map((benchCase) => benchCase.name).join(',')).split(',');
  const cases = CASES.filter((benchCase) => selected.includes(benchCase.name));

  const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-'));
  await chmod(dir, 0o755);
  const pgDir = path.join(dir, 'pg');
  const pg = await startEmbeddedPostgres({ databaseDir: pgDir, password: randomBytes(12).toString('hex'), fast: true });
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let sql: Sql | undefined;
  try {
    await ensureDatabase(pg.url, 'bench');
    const url = withDatabase(pg.url, 'bench');
    sql = createSql(url, { max: 2 });
    await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
    const jwtSecret = randomBytes(32).toString('hex');
    const keys = await deriveApiKeys(jwtSecret);
    const { token, claims } = await seed(sql, jwtSecret);
    const catalogue = await loadCatalogue(sql);
    const probeFile = path.join(dir, 'probe.json');
    const postmaster = postmasterPid(pgDir);
    if (process.env.BENCH_PG_NICE) setPriority(postmaster, Number(process.env.BENCH_PG_NICE));
    const headers = { apikey: keys.anonKey, authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };

    /** The server's probe figures since the last call (SIGUSR2: the probe writes them and starts over). */
    const takeProbe = async (pid: number): Promise<ProbeFigures> => {
      rmSync(probeFile, { force: true });
      process.kill(pid, 'SIGUSR2');
      for (let attempt = 0; attempt < 200 && !existsSync(probeFile); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 20)); // written in one call; let it finish
      return JSON.parse(readFileSync(probeFile, 'utf8')) as ProbeFigures;
    };
    const measureApi = async (running: NonNullable<typeof server>, apiUrl: string, warmup: number): Promise<Measured> => {
      const pid = running.child.pid!;
      runWrk(apiUrl, headers, CONNECTIONS, warmup); // warm-up: JIT, heap, connections, prepared statements
      await takeProbe(pid);
      const before = { server: cpuSeconds(pid), pg: postgresCpuSeconds(postmaster), preempted: preemptions(pid), io: syscalls(pid) };
      const figures = runWrk(apiUrl, headers, CONNECTIONS, SECONDS);
      const requests = figures.rps * SECONDS;
      const preempted = preemptions(pid) - before.preempted;
      return {
        ...figures,
        io: perRequest(before.io, syscalls(pid), requests),
        serverMs: ((cpuSeconds(pid) - before.server) * 1000) / requests,
        pgMs: ((postgresCpuSeconds(postmaster) - before.pg) * 1000) / requests,
        tail: await takeProbe(pid),
        preempted,
      };
    };
    /** The API from a kept-alive Node client on CPU 1 (bench-api-client.ts): no connection opened while measuring. */
    const measureKeptAlive = async (running: NonNullable<typeof server>, apiUrl: string, benchCase: BenchCase): Promise<Measured> => {
      const pid = running.child.pid!;
      const input: ClientInput = { url: apiUrl, headers, connections: CONNECTIONS, seconds: SECONDS };
      const [command, args] = pin(1, process.execPath, [...process.execArgv, process.argv[1]!, '--client', benchCase.name]);
      await takeProbe(pid);
      const before = { server: cpuSeconds(pid), pg: postgresCpuSeconds(postmaster), preempted: preemptions(pid), io: syscalls(pid) };
      const figures = JSON.parse(execFileSync(command, args, { encoding: 'utf8', env: { ...process.env, BENCH_CLIENT: JSON.stringify(input) } })) as ClientFigures;
      // The client's warm-up (2 s) is inside this window: per request over both phases.
      const requests = figures.rps * (SECONDS + 2);
      return {
        ...figures,
        io: perRequest(before.io, syscalls(pid), requests),
        serverMs: ((cpuSeconds(pid) - before.server) * 1000) / requests,
        pgMs: ((postgresCpuSeconds(postmaster) - before.pg) * 1000) / requests,
        tail: await takeProbe(pid),
        preempted: preemptions(pid) - before.preempted,
      };
    };
    const measureCeiling = (benchCase: BenchCase): Measured => {
      const statement =
        benchCase.ceilingSql === null
          ? buildStatement(parseRequest({ method: 'GET', path: benchCase.path, query: benchCase.query, headers: {} }), catalogue)
          : { text: benchCase.ceilingSql, values: [] };
      const input: CeilingInput = {
        url, token, claims: JSON.stringify(claims), path: benchCase.path, text: statement.text, values: statement.values,
        connections: CONNECTIONS, poolSize: POOL_SIZE, seconds: SECONDS,
      };
      const extraArgs = (process.env.BENCH_CEILING_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const [command, args] = pin(1, process.execPath, [...extraArgs, ...process.execArgv, process.argv[1]!, '--ceiling', benchCase.name]);
      const pgBefore = postgresCpuSeconds(postmaster);
      const figures = JSON.parse(execFileSync(command, args, { encoding: 'utf8', env: { ...process.env, BENCH_CEILING: JSON.stringify(input) } })) as CeilingFigures;
      // The ceiling's warm-up (2 s) is inside this window: per request over both phases.
      return { ...figures, pgMs: ((postgresCpuSeconds(postmaster) - pgBefore) * 1000) / (figures.rps * (SECONDS + 2)) };
    };

    console.log(`bench:api  user token, ${ITEMS} content items in the user's organization, ${CONNECTIONS} connections, pool of ${POOL_SIZE}, ${RUNS} runs of ${ROUNDS} rounds of ${SECONDS} s`);
    console.log(`load:      wrk 4 (-t1); ` + (canPin ? 'server + PostgreSQL pinned to CPU 0, load generator to CPU 1' : 'taskset unavailable: nothing pinned'));
    console.log(`machine:   load average before ${loadAverage()}`);
    const all: Row[] = [];
    for (let run = 1; run <= RUNS; run++) {
      server = await startServerProcess({
        databaseUrl: url,
        dataDir: path.join(dir, 'data'),
        jwtSecret,
        nodeArgs: ['--import', PROBE],
        env: { BENCH_PROBE_FILE: probeFile },
      });
      const running = server;
      console.log(`\n=== run ${run} of ${RUNS} (a fresh server process)`);
      await waitForRenderedItems(sql!);
      for (const benchCase of cases) {
        const apiUrl = `${running.url}/rest/v1${benchCase.path}?${benchCase.query}`;
        // Once more when the first try meets a kept-alive socket the server closed in the meantime (72 s idle).
        const check = await fetch(apiUrl, { headers }).catch(() => fetch(apiUrl, { headers }));
        const text = await check.text();
        if (check.status !== 200 || !text.startsWith('[{"id":') || JSON.parse(text).length !== 50 || !benchCase.check(text)) {
          throw new Error(`unexpected answer for ${benchCase.name} before measuring: ${check.status} ${text.slice(0, 300)}`);
        }
        console.log(`\n${benchCase.name}: GET /rest/v1${benchCase.path}?${benchCase.query}`);
        console.log(`  ceiling: ${benchCase.ceilingSql === null ? 'the same statement' : 'a hand-written join'} straight to PostgreSQL`);
        const rounds: { api: Measured; ceiling: Measured; ratios: Row }[] = [];
        let before = measureCeiling(benchCase);
        console.log(`  before   ceiling  ${fmt(before)}`);
        for (let round = 1; round <= ROUNDS; round++) {
          const api = await measureApi(running, apiUrl, round === 1 ? FIRST_WARMUP : 2);
          const kept = await measureKeptAlive(running, apiUrl, benchCase);
          const ceiling = measureCeiling(benchCase);
          const ratios = { run, round, name: benchCase.name, ...roundRatios(api, kept, before, ceiling) };
          before = ceiling;
          rounds.push({ api, ceiling, ratios });
          all.push(ratios);
          console.log(`  round ${round}  API      ${fmt(api)}`);
          console.log(`           API kept ${fmt(kept)}`);
          console.log(`           ceiling  ${fmt(ceiling)}`);
          console.log(
            `           ratio    throughput ${ratios.throughput.toFixed(2)}, p99 ${ratios.p99.toFixed(2)}; kept-alive client: throughput ${ratios.keptThroughput.toFixed(2)}, ` +
              `p99 ${ratios.keptP99.toFixed(2)}; ceiling after ÷ before ${ratios.ceilingDrift.toFixed(2)}   (load ${loadAverage()})`,
          );
          if (api.tail) console.log(`           tail API      ${formatTail(api.tail, api.rps * SECONDS, api.preempted ?? NaN)}`);
          if (kept.tail) console.log(`           tail API kept ${formatTail(kept.tail, kept.rps * (SECONDS + 2), kept.preempted ?? NaN)}`);
          if (ceiling.tail) console.log(`           tail ceiling  ${formatTail(ceiling.tail, ceiling.rps * SECONDS, ceiling.preempted ?? NaN)}`);
        }
        const of = (side: 'api' | 'ceiling', key: 'rps' | 'p99' | 'serverMs') => median(rounds.map((round) => round[side][key] ?? NaN));
        console.log(
          `  median   API ${of('api', 'rps').toFixed(0)} req/s p99 ${of('api', 'p99').toFixed(1)} ms, ceiling ${of('ceiling', 'rps').toFixed(0)} req/s ` +
            `p99 ${of('ceiling', 'p99').toFixed(1)} ms; server ${of('api', 'serverMs').toFixed(2)} ms CPU/request`,
        );
        console.log(
          `  median ratio   throughput API / ceiling = ${median(rounds.map((r) => r.ratios.throughput)).toFixed(2)}   ` +
            `p99 API / ceiling = ${median(rounds.map((r) => r.ratios.p99)).toFixed(2)}`,
        );
      }
      await server.stop();
      server = undefined;
    }
    console.log(`\n${summaryLines(all).join('\n')}`);
    console.log(`\nmachine:   load average after ${loadAverage()}`);
  } finally {
    await server?.stop();
    await sql?.end({ timeout: 2 }).catch(() => {});
    await pg.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--client') {
  const input = JSON.parse(process.env.BENCH_CLIENT!) as ClientInput;
  const benchCase = CASES.find((candidate) => candidate.name === process.argv[3])!;
  process.stdout.write(JSON.stringify(await runClient(input, (body) => body.startsWith('[{"id":') && benchCase.check(body))));
} else if (process.argv[2] === '--ceiling') {
  const input = JSON.parse(process.env.BENCH_CEILING!) as CeilingInput;
  const benchCase = CASES.find((candidate) => candidate.name === process.argv[3])!;
  process.stdout.write(JSON.stringify(await runCeiling(input, benchCase.check)));
} else {
  await main();
}

// `npm run bench:analytics`: web analytics at volume, through the real server (shared/design/measuring.md).
//
// 1. Ingestion: POST /rest/v1/rpc/record_analytics_event (one event a request) and record_analytics_events
//    (BENCH_BATCH, 10, events a request, as the snippet sends what queued up) with the anon key and the site's
//    Origin, wrk with 50 connections for BENCH_SECONDS (10), every request from another client address (TRUST_PROXY,
//    as behind hosted Supabase's gateway), so the per-client limit never refuses; server + PostgreSQL pinned to
//    CPU 0, wrk to CPU 1. Beside them the floor: an RPC with the same arguments that does nothing (bench_noop, made
//    in the bench's database only): what the data API and PostgreSQL cost per request before any analytics work.
//    Prints requests/s from wrk, events/s counted in the table, and the CPU each request cost the server and
//    PostgreSQL (from /proc: robust on a shared machine, where throughput is not), with the load average.
//    BENCH_EVENTS=0: only this. The server's rollup worker is off (ANALYTICS_ROLLUP_SECONDS=0).
// 2. The report over BENCH_EVENTS (10,000,000) events of one site: scripts/bench-analytics-report.ts.
// Prints figures only; asserts nothing.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSql, ensureDatabase, withDatabase } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { deriveApiKeys } from '../server/src/lib/api-keys';
import { insertUser } from '../server/src/modules/auth/user-store';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/project-paths';
import { benchReport } from './bench-analytics-report';
import { canPin, cpuSeconds, has, loadAverage, pin, pinSelfToCpu0, postgresCpuSeconds, postmasterPid, sessionToken, startServerProcess, type ServerProcess } from './bench-support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const CONNECTIONS = 50;
const BATCH = Number(process.env.BENCH_BATCH ?? 10);

// Every request from its own address: 10.a.b.c counting up.
const WRK_SCRIPT = `
local counter = 0
request = function()
  counter = counter + 1
  wrk.headers["X-Forwarded-For"] = "10." .. (math.floor(counter / 62500) % 250) .. "." .. (math.floor(counter / 250) % 250) .. "." .. (counter % 250)
  return wrk.format()
end`;

async function main(): Promise<void> {
  pinSelfToCpu0();
  if (!has('wrk')) throw new Error('bench:analytics needs wrk (apt-get install wrk)');
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-analytics-'));
  await chmod(dir, 0o755);
  const pgDir = path.join(dir, 'pg');
  const pg = await startEmbeddedPostgres({ databaseDir: pgDir, password: randomBytes(12).toString('hex'), fast: true });
  let server: ServerProcess | undefined;
  const url = withDatabase(pg.url, 'bench');
  await ensureDatabase(pg.url, 'bench');
  const sql = createSql(url, { max: 2 });
  try {
    await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
    const user = await insertUser(sql, {
      email: 'bench@example.com',
      passwordHash: '$2a$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinva',
      userMetadata: { first_name: 'Bench', last_name: 'User', company_name: 'Bench Co' },
      confirmed: true,
    });
    const [organization] = await sql<{ id: string }[]>`select organization_id as id from public.profiles where user_id = ${user.id}`;
    const [ingestSite, bigSite, smallSite] = await sql<{ id: string }[]>`
      insert into public.analytics_sites (organization_id, name, domain)
      values (${organization!.id}, 'Ingestion', 'ingest.example'), (${organization!.id}, 'Ten million', 'big.example'),
        (${organization!.id}, 'Small', 'small.example') returning id`;
    // The floor: the data API's and PostgreSQL's own work for an RPC of the same arguments that does nothing.
    await sql`
      create function public.bench_noop(site_id uuid, name text, url text, referrer text default null, screen_width integer default null)
      returns jsonb language sql volatile as $$ select '{"accepted": 0}'::jsonb $$`;
    await sql`grant execute on function public.bench_noop(uuid, text, text, text, integer) to anon`;

    const jwtSecret = randomBytes(32).toString('hex');
    const keys = await deriveApiKeys(jwtSecret);
    const { token, claims } = await sessionToken(sql, user, jwtSecret);
    server = await startServerProcess({ databaseUrl: url, dataDir: path.join(dir, 'data'), jwtSecret, env: { TRUST_PROXY: 'true', ANALYTICS_ROLLUP_SECONDS: '0' } });
    const running = server;
    const postmaster = postmasterPid(pgDir);

    // 1. Ingestion: the floor, one event per request (record_analytics_event), then batches as the snippet sends
    // them when events queue up (record_analytics_events, BENCH_BATCH events a request).
    const headers = { apikey: keys.anonKey, 'content-type': 'application/json', origin: 'https://ingest.example', 'user-agent': 'Mozilla/5.0 Chrome/131.0 Safari/537.36' };
    const event = { name: 'pageview', url: 'https://ingest.example/pricing?utm_source=bench', referrer: 'https://www.google.com/', screen_width: 1280 };
    const countStored = async () =>
      (await sql<{ count: number }[]>`select count(*)::int as count from private.analytics_events where site_id = ${ingestSite!.id}`)[0]!.count;
    console.log('bench:analytics');
    console.log(`load:       wrk 4 (-t1, ${CONNECTIONS} connections, ${SECONDS} s); ${canPin ? 'server + PostgreSQL pinned to CPU 0, wrk to CPU 1' : 'nothing pinned (no taskset)'}; load average ${loadAverage()}`);
    for (const [label, rpc, body, perRequest] of [
      ['an RPC doing nothing', 'bench_noop', { site_id: ingestSite!.id, ...event }, 0],
      ['one event a request', 'record_analytics_event', { site_id: ingestSite!.id, ...event }, 1],
      [`${BATCH} events a request`, 'record_analytics_events', { site_id: ingestSite!.id, events: Array.from({ length: BATCH }, () => event) }, BATCH],
    ] as const) {
      const endpoint = `${server.url}/rest/v1/rpc/${rpc}`;
      const check = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!check.ok) throw new Error(`ingestion check failed: ${check.status} ${await check.text()}`);
      // wrk takes the method and the body from the script.
      const scriptPath = path.join(dir, `${rpc}.lua`);
      await writeFile(scriptPath, `wrk.method = "POST"\nwrk.body = [[${JSON.stringify(body)}]]\n${WRK_SCRIPT}`);
      const wrk = (seconds: number) => {
        const [command, args] = pin(1, 'wrk', [
          '-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-s', scriptPath,
          ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
          endpoint,
        ]);
        return execFileSync(command, args, { encoding: 'utf8' });
      };
      wrk(2); // warm-up
      const before = { stored: await countStored(), server: cpuSeconds(running.child.pid!), pg: postgresCpuSeconds(postmaster) };
      const started = performance.now();
      const result = wrk(SECONDS);
      const elapsed = (performance.now() - started) / 1000;
      const cpu = { server: cpuSeconds(running.child.pid!) - before.server, pg: postgresCpuSeconds(postmaster) - before.pg };
      const stored = (await countStored()) - before.stored;
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(result)?.[1]);
      const requests = rps * elapsed;
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(result)?.[1] ?? 0);
      const p50 = new RegExp('^\\s*50%\\s+([\\d.]+\\w+)', 'm').exec(result)?.[1];
      const p99 = new RegExp('^\\s*99%\\s+([\\d.]+\\w+)', 'm').exec(result)?.[1];
      const perEvent = perRequest ? `, ${(stored / elapsed).toFixed(0)} events/s stored` : '';
      console.log(
        `ingestion:  ${label.padEnd(22)} ${rps.toFixed(0)} requests/s${perEvent}, p50 ${p50}, p99 ${p99}, non-2xx ${non2xx}; ` +
          `CPU a request: server ${((cpu.server * 1000) / requests).toFixed(3)} ms, PostgreSQL ${((cpu.pg * 1000) / requests).toFixed(3)} ms; load ${loadAverage()}`,
      );
    }

    // 2. The report over EVENTS events (BENCH_EVENTS=0: ingestion only).
    if (EVENTS === 0) return;
    await benchReport({ sql, databaseUrl: url, apiUrl: server.url, anonKey: keys.anonKey, token, claims, siteId: bigSite!.id, smallSiteId: smallSite!.id, events: EVENTS });
  } finally {
    await server?.stop();
    await sql.end({ timeout: 2 }).catch(() => {});
    await pg.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

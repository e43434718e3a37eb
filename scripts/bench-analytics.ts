// `npm run bench:analytics`: web analytics at volume, through the real server (shared/design/measuring.md).
//
// 1. Ingestion: POST /rest/v1/rpc/record_analytics_event (one event) and record_analytics_events (BENCH_BATCH, 10,
//    events a request, as the snippet sends what queued up) with the anon key and the site's Origin, wrk with 50
//    connections for BENCH_SECONDS (10), every request from another client address (TRUST_PROXY, as behind hosted
//    Supabase's gateway), so the per-client limit never refuses; server + PostgreSQL pinned to CPU 0, wrk to CPU 1.
//    Prints the load average, requests/s from wrk and events/s counted in the table. BENCH_EVENTS=0: only this.
//    The server's rollup worker is off (ANALYTICS_ROLLUP_SECONDS=0): the bench refreshes and measures by itself.
// 2. Dashboard: BENCH_EVENTS (10,000,000) raw events of one site over 30 days written with SQL and rolled up, then
//    analytics_report for the last 30 days (with the previous 30 for comparison) and for one day, through the API
//    with a member's token, 50 times each, one at a time: p50 / p95. Also the cost of one refresh of today's rollups
//    and EXPLAIN (ANALYZE) of the rollup reads.
// Prints figures only; asserts nothing.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSql, ensureDatabase, withDatabase } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { deriveApiKeys } from '../server/src/lib/api-keys';
import { signJwt } from '../server/src/lib/jwt';
import { insertUser } from '../server/src/modules/auth/user-store';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/project-paths';
import { canPin, has, percentile, pin, pinSelfToCpu0, startServerProcess, type ServerProcess } from './bench-support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const DAYS = 30;
const RUNS = 50;
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
  const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), password: randomBytes(12).toString('hex'), fast: true });
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
    const [ingestSite, bigSite] = await sql<{ id: string }[]>`
      insert into public.analytics_sites (organization_id, name, domain)
      values (${organization!.id}, 'Ingestion', 'ingest.example'), (${organization!.id}, 'Ten million', 'big.example') returning id`;

    const jwtSecret = randomBytes(32).toString('hex');
    const keys = await deriveApiKeys(jwtSecret);
    const [session] = await sql<{ id: string }[]>`insert into auth.sessions (user_id) values (${user.id}) returning id`;
    const now = Math.floor(Date.now() / 1000);
    const token = await signJwt({
      iss: 'http://127.0.0.1/auth/v1', sub: user.id, aud: 'authenticated', exp: now + 7200, iat: now, email: user.email, phone: '',
      app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, role: 'authenticated', aal: 'aal1',
      amr: [{ method: 'password', timestamp: now }], session_id: session!.id, is_anonymous: false,
    }, jwtSecret);

    server = await startServerProcess({ databaseUrl: url, dataDir: path.join(dir, 'data'), jwtSecret, env: { TRUST_PROXY: 'true', ANALYTICS_ROLLUP_SECONDS: '0' } });
    const base = server.url;

    // 1. Ingestion: one event per request (record_analytics_event), then batches as the snippet sends them when
    // events queue up (record_analytics_events, BENCH_BATCH events a request).
    const headers = { apikey: keys.anonKey, 'content-type': 'application/json', origin: 'https://ingest.example', 'user-agent': 'Mozilla/5.0 Chrome/131.0 Safari/537.36' };
    const event = { name: 'pageview', url: 'https://ingest.example/pricing?utm_source=bench', referrer: 'https://www.google.com/', screen_width: 1280 };
    const countStored = async () =>
      (await sql<{ count: number }[]>`select count(*)::int as count from private.analytics_events where site_id = ${ingestSite!.id}`)[0]!.count;
    console.log('bench:analytics');
    console.log(`load:       wrk 4 (-t1, ${CONNECTIONS} connections, ${SECONDS} s); ${canPin ? 'server + PostgreSQL pinned to CPU 0, wrk to CPU 1' : 'nothing pinned (no taskset)'}; load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
    for (const [label, rpc, body] of [
      ['one event a request', 'record_analytics_event', { site_id: ingestSite!.id, ...event }],
      [`${BATCH} events a request`, 'record_analytics_events', { site_id: ingestSite!.id, events: Array.from({ length: BATCH }, () => event) }],
    ] as const) {
      const endpoint = `${base}/rest/v1/rpc/${rpc}`;
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
      const before = await countStored();
      const started = performance.now();
      const result = wrk(SECONDS);
      const elapsed = (performance.now() - started) / 1000;
      const after = await countStored();
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(result)?.[1]);
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(result)?.[1] ?? 0);
      const p50 = new RegExp('^\\s*50%\\s+([\\d.]+\\w+)', 'm').exec(result)?.[1];
      const p99 = new RegExp('^\\s*99%\\s+([\\d.]+\\w+)', 'm').exec(result)?.[1];
      console.log(`ingestion:  ${label.padEnd(22)} ${rps.toFixed(0)} requests/s (wrk), ${((after - before) / elapsed).toFixed(0)} events/s stored, p50 ${p50}, p99 ${p99}, non-2xx ${non2xx}`);
    }

    // 2. Dashboard over EVENTS events (BENCH_EVENTS=0: ingestion only).
    if (EVENTS === 0) return;
    const today = new Date();
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - DAYS + 1));
    await sql`select private.create_analytics_partitions(${start.toISOString().slice(0, 10)}::date, 3)`;
    let written = performance.now();
    const spacing = (DAYS * 86400) / EVENTS;
    const CHUNK = 1_000_000;
    for (let offset = 0; offset < EVENTS; offset += CHUNK) {
      await sql`
        insert into private.analytics_events (site_id, occurred_at, visitor_id, name, pathname, referrer, utm_source, utm_medium, utm_campaign, device, browser)
        select ${bigSite!.id}, ${start.toISOString()}::timestamptz + make_interval(secs => g * ${spacing}::double precision),
          (g / 4) # 7919,
          case when g % 40 = 0 then 'Signup' else 'pageview' end,
          '/page-' || ((g * 7919) % 60),
          (array[null, null, null, 'google.com', 'bing.com', 'news.ycombinator.com', 'linkedin.com', null])[1 + (g / 4) % 8],
          case when (g / 4) % 5 = 0 then 'newsletter' end,
          case when (g / 4) % 5 = 0 then 'email' end,
          case when (g / 4) % 10 = 0 then 'spring' end,
          (array['Mobile', 'Desktop', 'Laptop', 'Tablet'])[1 + (g / 4) % 4],
          (array['Chrome', 'Safari', 'Firefox', 'Edge', 'Chrome'])[1 + (g / 4) % 5]
        from generate_series(${offset}::bigint, ${Math.min(EVENTS, offset + CHUNK) - 1}::bigint) g`;
    }
    const writeSeconds = (performance.now() - written) / 1000;
    written = performance.now();
    await sql`analyze private.analytics_events`;
    for (let day = 0; day < DAYS; day += 1) {
      const date = new Date(start.getTime() + day * 86400_000).toISOString().slice(0, 10);
      await sql`select private.roll_up_analytics_day(${bigSite!.id}, ${date}::date)`;
    }
    const rollupSeconds = (performance.now() - written) / 1000;
    const [{ rows }] = await sql<{ rows: number }[]>`select count(*)::int as rows from public.analytics_rollups where site_id = ${bigSite!.id}`;
    await sql`analyze public.analytics_rollups`;
    console.log(`history:    ${EVENTS.toLocaleString('en')} events over ${DAYS} days in one site: written in ${writeSeconds.toFixed(0)} s, rolled up in ${rollupSeconds.toFixed(0)} s (${(rollupSeconds / DAYS).toFixed(1)} s a day) into ${rows.toLocaleString('en')} rollup rows`);

    // What one refresh of a day costs (the report's refresh recomputes today; here the busiest day, by SQL).
    const dayStarted = performance.now();
    await sql`select private.roll_up_analytics_day(${bigSite!.id}, ${new Date().toISOString().slice(0, 10)}::date)`;
    console.log(`refresh:    recomputing one day of ${Math.round(EVENTS / DAYS).toLocaleString('en')} events: ${(performance.now() - dayStarted).toFixed(0)} ms`);
    // The rollups are fresh: the reports below read them without refreshing (the refresh's cost is the line above).
    await sql`insert into private.analytics_refreshes (site_id, refreshed_at) values (${bigSite!.id}, now() + interval '1 hour')`;
    const hour = new Date(Math.ceil(Date.now() / 3600_000) * 3600_000);
    const ago = (days: number) => new Date(hour.getTime() - days * 86400_000).toISOString();
    const report = (args: Record<string, unknown>) =>
      fetch(`${base}/rest/v1/rpc/analytics_report`, {
        method: 'POST',
        headers: { apikey: keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ site_id: bigSite!.id, ...args }),
      });
    for (const [label, args] of [
      ['last 30 days vs previous 30', { period_start: ago(30), period_end: hour.toISOString(), compare_start: ago(60), compare_end: ago(30) }],
      ['last 24 hours, by hour', { period_start: ago(1), period_end: hour.toISOString() }],
    ] as const) {
      const times: number[] = [];
      let visitors = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const t = performance.now();
        const answer = await report(args);
        const json = (await answer.json()) as { totals: { visitors: number } };
        times.push(performance.now() - t);
        visitors = json.totals.visitors;
      }
      times.sort((a, b) => a - b);
      console.log(`report:     ${label.padEnd(28)} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${RUNS} runs; ${visitors.toLocaleString('en')} visitors)`);
    }

    const explain = await sql.unsafe<{ 'QUERY PLAN': string }[]>(
      `explain (analyze, buffers, costs off) select private.analytics_breakdowns($1, $2, $3, 10, 1000)`, [bigSite!.id, ago(30), hour.toISOString()]);
    const plan = await sql.unsafe<{ 'QUERY PLAN': string }[]>(
      `explain (analyze, costs off) select r.dimension, r.value, sum(r.visitors) from public.analytics_rollups r
       where r.site_id = $1 and r.dimension <> 'total' and r.hour >= $2 and r.hour < $3 group by 1, 2`, [bigSite!.id, ago(30), hour.toISOString()]);
    console.log('EXPLAIN (ANALYZE) of the breakdown read (all dimensions, 30 days) on the rollups:');
    for (const line of plan) console.log(`  ${line['QUERY PLAN']}`);
    console.log(`  (the whole analytics_breakdowns call: ${explain.at(-1)?.['QUERY PLAN']})`);
  } finally {
    await server?.stop();
    await sql.end({ timeout: 2 }).catch(() => {});
    await pg.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

// `npm run bench:analytics`, part 2: the Analytics Console's report over BENCH_EVENTS events of one site
// (scripts/bench-analytics.ts runs it after the ingestion figures). Prints figures only; asserts nothing.
//
// - history: EVENTS raw events over 30 days written with SQL, rolled up day by day;
// - refresh: what recomputing a day costs, and what the report pays for its own refresh when no scheduler runs
//   (analytics_report through the API right after the rollups went 31 s stale, as on hosted Supabase without
//   pg_cron), for this site and for a small one;
// - report: analytics_report through the API over fresh rollups (30 days against the 30 before; 24 hours by hour);
// - EXPLAIN (ANALYZE, BUFFERS) of every statement the 30-day report runs, as the member, through auto_explain with
//   nested statements: the real path (daily rollups plus the edge hours, the breakdowns' aggregation), not a
//   stand-in.
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import type { Sql } from '../server/src/db/client';
import { loadAverage, percentile } from './bench-support';

const DAYS = 30;
const RUNS = 50;
const REFRESH_RUNS = 5;

export interface ReportBench {
  sql: Sql;
  databaseUrl: string;
  apiUrl: string;
  anonKey: string;
  token: string;
  claims: Record<string, unknown>;
  siteId: string;
  smallSiteId: string;
  events: number;
}

async function writeHistory({ sql, siteId, events }: ReportBench, start: Date): Promise<void> {
  await sql`select private.create_analytics_partitions(${start.toISOString().slice(0, 10)}::date, 3)`;
  let written = performance.now();
  const spacing = (DAYS * 86400) / events;
  const CHUNK = 1_000_000;
  for (let offset = 0; offset < events; offset += CHUNK) {
    await sql`
      insert into private.analytics_events (site_id, occurred_at, visitor_id, name, pathname, referrer, utm_source, utm_medium, utm_campaign, device, browser, props)
      select ${siteId}, ${start.toISOString()}::timestamptz + make_interval(secs => g * ${spacing}::double precision),
        (g / 4) # 7919,
        case when g % 40 = 0 then 'Signup' else 'pageview' end,
        '/page-' || ((g * 7919) % 60),
        (array[null, null, null, 'google.com', 'bing.com', 'news.ycombinator.com', 'linkedin.com', null])[1 + (g / 4) % 8],
        case when (g / 4) % 5 = 0 then 'newsletter' end,
        case when (g / 4) % 5 = 0 then 'email' end,
        case when (g / 4) % 10 = 0 then 'spring' end,
        (array['Mobile', 'Desktop', 'Laptop', 'Tablet'])[1 + (g / 4) % 4],
        (array['Chrome', 'Safari', 'Firefox', 'Edge', 'Chrome'])[1 + (g / 4) % 5],
        case when g % 40 = 0 then jsonb_build_object('plan', (array['pro', 'free', 'team'])[1 + (g / 40) % 3], 'order', 'A-' || g) end
      from generate_series(${offset}::bigint, ${Math.min(events, offset + CHUNK) - 1}::bigint) g`;
  }
  const writeSeconds = (performance.now() - written) / 1000;
  // Vacuumed before the roll-up: the first read of freshly written rows sets their hint bits (a write per page),
  // which events arriving one by one pay long before a roll-up reads them (it made the first roll-up of each day
  // several times slower than the next one).
  written = performance.now();
  await sql`vacuum (analyze) private.analytics_events`;
  const vacuumSeconds = (performance.now() - written) / 1000;
  written = performance.now();
  for (let day = 0; day < DAYS; day += 1) {
    await sql`select private.roll_up_analytics_day(${siteId}, ${new Date(start.getTime() + day * 86400_000).toISOString().slice(0, 10)}::date)`;
  }
  const rollupSeconds = (performance.now() - written) / 1000;
  const [{ rows }] = await sql<{ rows: number }[]>`select count(*)::int as rows from public.analytics_rollups where site_id = ${siteId}`;
  await sql`analyze public.analytics_rollups`;
  await sql`analyze public.analytics_daily_rollups`;
  console.log(`history:    ${events.toLocaleString('en')} events over ${DAYS} days in one site (1 in 40 a goal with 2 properties, one a value per event): written in ${writeSeconds.toFixed(0)} s, vacuumed in ${vacuumSeconds.toFixed(0)} s, rolled up in ${rollupSeconds.toFixed(0)} s (${(rollupSeconds / DAYS).toFixed(1)} s a day) into ${rows.toLocaleString('en')} rollup rows`);
}

/** analytics_report through the API, `runs` times; before each run `prepare` (a stale refresh, nothing). */
async function timeReport(bench: ReportBench, site: string, args: Record<string, unknown>, runs: number, prepare = async () => {}) {
  const times: number[] = [];
  let visitors = 0;
  for (let i = 0; i < runs; i += 1) {
    await prepare();
    const started = performance.now();
    const answer = await fetch(`${bench.apiUrl}/rest/v1/rpc/analytics_report`, {
      method: 'POST',
      headers: { apikey: bench.anonKey, authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ site_id: site, ...args }),
    });
    const json = (await answer.json()) as { totals?: { visitors: number }; message?: string };
    times.push(performance.now() - started);
    if (!json.totals) throw new Error(`analytics_report failed: ${answer.status} ${json.message}`);
    visitors = json.totals.visitors;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), visitors };
}

/** Every statement analytics_report runs, with its plan and timings (auto_explain, nested statements, as the member). */
async function explainReport(bench: ReportBench, args: Record<string, unknown>): Promise<void> {
  const plans: string[] = [];
  const session = postgres(bench.databaseUrl, { max: 1, onnotice: (notice) => plans.push(String(notice.message)) });
  try {
    await session.begin(async (tx) => {
      await tx.unsafe(`load 'auto_explain'`);
      for (const [name, value] of [['log_min_duration', '0'], ['log_analyze', 'on'], ['log_buffers', 'on'], ['log_nested_statements', 'on'], ['log_level', 'notice']]) {
        await tx.unsafe(`set local auto_explain.${name} = ${value}`);
      }
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(bench.claims)}, true), set_config('role', 'authenticated', true)`;
      await tx`select public.analytics_report(${bench.siteId}::uuid, ${args.period_start as string}::timestamptz, ${args.period_end as string}::timestamptz,
        ${args.compare_start as string}::timestamptz, ${args.compare_end as string}::timestamptz)`;
    });
  } finally {
    await session.end();
  }
  console.log('EXPLAIN (ANALYZE, BUFFERS) of each statement of analytics_report (last 30 days vs the 30 before), as run, innermost first;');
  console.log('the plans of the statements that read rollups in full, the others (RLS helpers, refresh checks) in one line:');
  for (const plan of plans) {
    const lines = plan.split('\n');
    const duration = /duration: ([\d.]+ ms)/.exec(lines[0] ?? '')?.[1];
    const start = lines.findIndex((line) => line.startsWith('Query Text:'));
    const planStart = lines.findIndex((line, index) => index > start && /^\S/.test(line) && !line.startsWith('Query Parameters:'));
    const text = lines.slice(start, planStart).join(' ').replace(/^Query Text:\s*/, '').replace(/\s+/g, ' ').trim();
    console.log(`  --- ${duration}: ${text.slice(0, 150)}${text.length > 150 ? '…' : ''}`);
    if (/analytics_(daily_)?rollups|analytics_rollup_rows/.test(text)) for (const line of lines.slice(planStart)) if (line.trim()) console.log(`    ${line}`);
  }
}

export async function benchReport(bench: ReportBench): Promise<void> {
  const { sql, siteId, smallSiteId, events } = bench;
  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - DAYS + 1));
  await writeHistory(bench, start);

  const dayStarted = performance.now();
  await sql`select private.roll_up_analytics_day(${siteId}, ${today.toISOString().slice(0, 10)}::date)`;
  console.log(`refresh:    recomputing today (${Math.round(events / DAYS).toLocaleString('en')} events) by SQL: ${(performance.now() - dayStarted).toFixed(0)} ms`);

  const hour = new Date(Math.ceil(Date.now() / 3600_000) * 3600_000);
  const ago = (days: number) => new Date(hour.getTime() - days * 86400_000).toISOString();
  const thirtyDays = { period_start: ago(30), period_end: hour.toISOString(), compare_start: ago(60), compare_end: ago(30) };

  // The report's own refresh, no scheduler (hosted Supabase without pg_cron): the rollups 31 s old at each run.
  await sql`delete from private.analytics_rollup_runs`;
  await sql`insert into private.analytics_events (site_id, visitor_id, name, pathname, device, browser)
    select ${smallSiteId}, g % 700, 'pageview', '/p' || g % 9, 'Mobile', 'Chrome' from generate_series(1, 2000) g`;
  for (const [label, site] of [[`${Math.round(events / DAYS).toLocaleString('en')} events today`, siteId], ['2,000 events today', smallSiteId]] as const) {
    const stale = async () => {
      await sql`insert into private.analytics_refreshes (site_id, refreshed_at) values (${site}, now() - interval '31 seconds')
        on conflict (site_id) do update set refreshed_at = excluded.refreshed_at`;
    };
    const timed = await timeReport(bench, site, thirtyDays, REFRESH_RUNS, stale);
    console.log(`refresh:    the report's own refresh, no scheduler, ${label.padEnd(22)} report p50 ${timed.p50.toFixed(0)} ms, p95 ${timed.p95.toFixed(0)} ms (${REFRESH_RUNS} runs, rollups 31 s stale each time)`);
  }

  // Fresh rollups: the reports below read them without refreshing (the refresh's cost is above).
  await sql`update private.analytics_refreshes set refreshed_at = now() + interval '1 hour' where site_id = ${siteId}`;
  for (const [label, args] of [
    ['last 30 days vs previous 30', thirtyDays],
    ['last 24 hours, by hour', { period_start: ago(1), period_end: hour.toISOString() }],
  ] as const) {
    const timed = await timeReport(bench, siteId, args, RUNS);
    console.log(`report:     ${label.padEnd(28)} p50 ${timed.p50.toFixed(1)} ms, p95 ${timed.p95.toFixed(1)} ms (${RUNS} runs; ${timed.visitors.toLocaleString('en')} visitors; load ${loadAverage()})`);
  }
  await explainReport(bench, thirtyDays);
}

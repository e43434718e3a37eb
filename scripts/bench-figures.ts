// `npm run bench:figures`: the dashboards' figure queries through the data API, on a workspace with a year of results.
//
// Seeds a throwaway embedded PostgreSQL (the migrations) with one workspace of 1,000 advertising campaigns × 365 days
// of results (365,000 rows, one platform per day, a quarter of the campaigns active, 1,000 content items) and 100
// other workspaces of 10 campaigns × 365 days (365,000 more rows) and 10 content items each, inserted in random order
// so workspaces are mixed in the heap. BENCH_SCALE (default 1) shrinks the big workspace and the number of others for
// a quick check that the script runs (BENCH_SCALE=0.01 BENCH_CALLS=5: about a minute; its tiny tables are read by
// sequential scans, which is right for them, so only full-scale plans count). Then the real server process. Each dashboard call is the request the app sends (supabase-js `rpc`:
// POST /rest/v1/rpc/<function> with the member's token), measured one after the other on one connection (the latency
// one user sees): p50 and p99 of BENCH_CALLS calls after a warm-up. Then the plan of each function's statement as the
// member runs it (role authenticated, the member's claims, RLS on), from auto_explain (nested statements, ANALYZE,
// BUFFERS), and how many sequential scans of campaign_results, campaign_results_daily, campaigns and content_items the
// plans make (there must be none: they would read other workspaces' rows).
// Prints figures only; asserts nothing.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { createSql, ensureDatabase, withDatabase, type Sql } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { deriveApiKeys } from '../server/src/lib/api-keys';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/project-paths';
import { contentOverviewBoundaries } from '../src/features/content/utils/content-overview-periods';
import { addDays, localDay, monthToDate, sameDaysOfPreviousMonth, startOfLocalDay } from '../src/lib/periods';
import { insertUser } from '../server/src/modules/auth/user-store';
import { canPin, percentile, pinSelfToCpu0, sessionToken, startServerProcess, type ServerProcess } from './bench-support';

interface BenchMember {
  userId: string;
  organizationId: string;
  token: string;
  claims: Record<string, unknown>;
}

/** A confirmed user with their own workspace (sign-up's trigger) and the token of a live session. */
async function createMember(sql: Sql, jwtSecret: string, label: string): Promise<BenchMember> {
  const user = await insertUser(sql, {
    email: `${label}@bench.example.com`,
    passwordHash: '$2a$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinva',
    userMetadata: { first_name: 'Bench', last_name: label, company_name: `Bench ${label}` },
    confirmed: true,
  });
  const [profile] = await sql<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${user.id}`;
  return { userId: user.id, organizationId: profile!.organization_id, ...(await sessionToken(sql, user, jwtSecret)) };
}

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CAMPAIGNS = Math.max(1, Math.round(1_000 * SCALE));
const DAYS = 365;
const OTHER_WORKSPACES = Math.max(1, Math.round(100 * SCALE));
const OTHER_CAMPAIGNS = 10;
const CONTENT_ITEMS = Math.max(1, Math.round(1_000 * SCALE));
const OTHER_CONTENT_ITEMS = 10;
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
/** The tables whose sequential scans the script counts: every one holds all workspaces' rows. */
const SCANNED_TABLES = ['campaign_results', 'campaign_results_daily', 'campaigns', 'content_items'];
const PLATFORMS = ['Google Ads', 'Facebook Ads', 'Instagram Ads', 'LinkedIn Ads', 'Twitter Ads', 'TikTok Ads'];

async function seed(sql: Sql, big: BenchMember, others: BenchMember[]): Promise<void> {
  const today = localDay();
  await sql`
    insert into public.campaigns (organization_id, user_id, title, status, budget, start_date)
    select o.organization_id, o.user_id, 'Campaign ' || g, case when g % 4 = 0 then 'active' else 'paused' end, 1000 + g, ${addDays(today, -DAYS)}::date
    from (
      select ${big.organizationId}::uuid as organization_id, ${big.userId}::uuid as user_id, generate_series(1, ${CAMPAIGNS}) as g
      union all
      select p.organization_id, p.user_id, generate_series(1, ${OTHER_CAMPAIGNS}) from public.profiles p where p.user_id = any(${others.map((member) => member.userId)}::uuid[])
    ) o`;
  // The triggers copy the campaign's workspace, check the day and keep the daily totals: done here in bulk instead.
  await sql`alter table public.campaign_results disable trigger campaign_results_check`;
  await sql`alter table public.campaign_results disable trigger campaign_results_keep_daily`;
  await sql`
    insert into public.campaign_results (organization_id, campaign_id, day, platform, impressions, clicks, conversions, spend, revenue, user_id)
    select c.organization_id, c.id, ${today}::date - d, (${PLATFORMS}::text[])[1 + (hashtext(c.id::text) & 2147483647) % 6],
           1000 + (d * 7) % 500, 20 + d % 30, d % 5, round((10 + (d % 40))::numeric, 2), round((25 + (d % 90))::numeric, 2), c.user_id
    from public.campaigns c cross join generate_series(0, ${DAYS - 1}) d
    order by random()`;
  await sql`alter table public.campaign_results enable trigger campaign_results_check`;
  await sql`alter table public.campaign_results enable trigger campaign_results_keep_daily`;
  await sql`
    insert into public.campaign_results_daily (organization_id, day, platform, impressions, clicks, conversions, spend, revenue)
    select organization_id, day, platform, sum(impressions), sum(clicks), sum(conversions), sum(spend), sum(revenue)
    from public.campaign_results group by organization_id, day, platform`;
  // Content items in every workspace (the other ones 10 each), so a sequential scan would read other workspaces' rows.
  await sql`
    insert into public.content_items (organization_id, user_id, title, status, planned_publish_at)
    select o.organization_id, o.user_id, 'Item ' || g, (array['draft','review','published','archived'])[1 + g % 4],
           now() + make_interval(days => (g % 60) - 30)
    from (
      select ${big.organizationId}::uuid as organization_id, ${big.userId}::uuid as user_id, generate_series(1, ${CONTENT_ITEMS}) as g
      union all
      select p.organization_id, p.user_id, generate_series(1, ${OTHER_CONTENT_ITEMS}) from public.profiles p where p.user_id = any(${others.map((member) => member.userId)}::uuid[])
    ) o
    order by random()`;
  await sql`
    insert into public.workspace_activity_days (organization_id, user_id, day)
    select ${big.organizationId}, ${big.userId}, ${today}::date - d from generate_series(0, 59) d`;
  await sql`vacuum analyze`;
}

interface Call {
  name: string;
  fn: string;
  args: Record<string, unknown>;
}

/** platform_overview()'s periods, as the app computes them (src/features/dashboard/api/get-overviews.ts). */
function platformPeriods(today: string) {
  const current = monthToDate(today);
  const previous = sameDaysOfPreviousMonth(today);
  return {
    from_day: current.from, to_day: current.to, previous_from_day: previous.from, previous_to_day: previous.to,
    previous_ends_at: startOfLocalDay(addDays(previous.to, 1)),
  };
}

function callsFor(member: BenchMember, campaignId: string): Call[] {
  const today = localDay();
  const workspace = member.organizationId;
  const from30 = addDays(today, -29);
  return [
    { name: 'Ad Console: totals of the last 30 days and the 30 before', fn: 'results_summary', args: { workspace_id: workspace, from_day: from30, to_day: today } },
    { name: 'Ad Console: spend and revenue by day, 90 days (chart)', fn: 'results_by_day', args: { workspace_id: workspace, from_day: addDays(today, -89), to_day: today } },
    { name: 'Ad Console: revenue by platform, 30 days', fn: 'results_by_platform', args: { workspace_id: workspace, from_day: from30, to_day: today } },
    { name: 'Ad Console: active campaigns with spend over their dates against budget', fn: 'campaign_pacing', args: { workspace_id: workspace, today } },
    { name: 'Campaign: one campaign, 90 days by day (chart)', fn: 'results_by_day', args: { workspace_id: workspace, from_day: addDays(today, -89), to_day: today, campaign_id: campaignId } },
    { name: 'Dashboard: Platform Overview (month so far against the same days of last month)', fn: 'platform_overview', args: { workspace_id: workspace, ...platformPeriods(today) } },
    { name: 'Executive Overview', fn: 'executive_overview', args: { workspace_id: workspace, today } },
    { name: 'Content Hub: Content Overview', fn: 'content_overview', args: { workspace_id: workspace, ...contentOverviewBoundaries(today, new Date()) } },
    { name: 'for comparison, not on a dashboard: totals of a whole year', fn: 'results_summary', args: { workspace_id: workspace, from_day: addDays(today, -364), to_day: today } },
  ];
}

/** Every plan PostgreSQL ran for the call, as the member, from auto_explain (nested statements included). */
async function plansOf(dbUrl: string, member: BenchMember, call: Call): Promise<string[]> {
  const plans: string[] = [];
  const sql = postgres(dbUrl, { max: 1, onnotice: (notice) => plans.push(String(notice.message)) });
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe(`load 'auto_explain'`);
      await tx.unsafe(`set local auto_explain.log_min_duration = 0`);
      await tx.unsafe(`set local auto_explain.log_nested_statements = on`);
      await tx.unsafe(`set local auto_explain.log_analyze = on`);
      await tx.unsafe(`set local auto_explain.log_buffers = on`);
      await tx.unsafe(`set local client_min_messages = log`);
      await tx.unsafe(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify(member.claims)]);
      const names = Object.keys(call.args);
      await tx.unsafe(`select * from public.${call.fn}(${names.map((name, index) => `${name} => $${index + 1}`).join(', ')})`, names.map((name) => call.args[name] as string));
    });
  } finally {
    await sql.end({ timeout: 2 });
  }
  // The function's own statement: the one that reads the workspace's tables (not the role helpers, not the call).
  return plans
    .filter((plan) => /public\.(campaign_results|campaign_results_daily|content_items|campaigns)\b/.test(plan) && !plan.includes('Function Scan on'))
    .map((plan) => plan.replace(/^Query Parameters:.*$/m, '').replace(/\n\s*\n/g, '\n'));
}

async function main(): Promise<void> {
  pinSelfToCpu0();
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-figures-'));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), password: randomBytes(12).toString('hex'), fast: true });
  let server: ServerProcess | undefined;
  let sql: Sql | undefined;
  try {
    await ensureDatabase(pg.url, 'bench');
    const dbUrl = withDatabase(pg.url, 'bench');
    sql = createSql(dbUrl, { max: 2 });
    await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
    const jwtSecret = randomBytes(32).toString('hex');
    const keys = await deriveApiKeys(jwtSecret);
    const big = await createMember(sql, jwtSecret, 'big');
    const others: BenchMember[] = [];
    for (let index = 0; index < OTHER_WORKSPACES; index++) others.push(await createMember(sql, jwtSecret, `other-${index}`));

    const started = performance.now();
    await seed(sql, big, others);
    const seedSeconds = (performance.now() - started) / 1000;
    const [{ total, mine }] = await sql<{ total: number; mine: number }[]>`
      select count(*)::int as total, count(*) filter (where organization_id = ${big.organizationId})::int as mine from public.campaign_results`;
    const [{ id: campaignId }] = await sql<{ id: string }[]>`select id from public.campaigns where organization_id = ${big.organizationId} limit 1`;

    server = await startServerProcess({ databaseUrl: dbUrl, dataDir: path.join(dir, 'data'), jwtSecret });
    const headers = { apikey: keys.anonKey, authorization: `Bearer ${big.token}`, 'content-type': 'application/json', 'accept-encoding': 'identity' };

    console.log('bench:figures  the dashboards\' figure functions through the data API (real server process, user token)');
    console.log(`data:     ${total.toLocaleString('en-US')} campaign results: ${mine.toLocaleString('en-US')} in one workspace (${CAMPAIGNS} campaigns × ${DAYS} days) + ${OTHER_WORKSPACES} workspaces of ${OTHER_CAMPAIGNS} campaigns × ${DAYS} days; ${CONTENT_ITEMS} content items + ${OTHER_CONTENT_ITEMS} in each other workspace (seeded in ${seedSeconds.toFixed(1)} s)`);
    console.log(`load:     ${CALLS} calls one after the other on one connection, after 20 warm-up calls; ` + (canPin ? 'server + PostgreSQL on CPU 0, this script on CPU 0 too' : 'nothing pinned'));
    const calls = callsFor(big, campaignId!);
    for (const call of calls) {
      const url = `${server.url}/rest/v1/rpc/${call.fn}`;
      const body = JSON.stringify(call.args);
      const once = async () => {
        const response = await fetch(url, { method: 'POST', headers, body });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${call.fn}: ${response.status} ${text}`);
        return text;
      };
      const sample = await once();
      for (let index = 0; index < 20; index++) await once();
      const durations: number[] = [];
      for (let index = 0; index < CALLS; index++) {
        const start = performance.now();
        await once();
        durations.push(performance.now() - start);
      }
      durations.sort((a, b) => a - b);
      const [p50, p99] = [percentile(durations, 50), percentile(durations, 99)];
      console.log(`\n${call.name}\n  POST /rest/v1/rpc/${call.fn} ${body}\n  p50 ${p50.toFixed(2).padStart(6)} ms   p99 ${p99.toFixed(2).padStart(6)} ms   answer ${sample.length > 160 ? `${sample.slice(0, 160)}…` : sample}`);
    }

    console.log('\nPlans of the functions\' statements as the member runs them (auto_explain: ANALYZE, BUFFERS; RLS on):');
    const seqScans = new Map<string, string[]>(SCANNED_TABLES.map((table) => [table, []]));
    for (const call of calls) {
      const plans = await plansOf(dbUrl, big, call);
      for (const table of SCANNED_TABLES) {
        const scans = plans.join('\n').match(new RegExp(`Seq Scan on (public\\.)?${table}\\b`, 'g')) ?? [];
        if (scans.length > 0) seqScans.get(table)!.push(`${call.fn} ×${scans.length}`);
      }
      console.log(`\n${call.name} (${call.fn})\n${plans.map((plan) => plan.replace(/^/gm, '    ')).join('\n')}`);
    }
    console.log('\nSequential scans in these plans (each reads every workspace\'s rows of the table):');
    for (const [table, found] of seqScans) console.log(`  ${table.padEnd(24)} ${found.length === 0 ? 0 : found.join(', ')}`);
  } finally {
    await server?.stop();
    await sql?.end({ timeout: 2 }).catch(() => {});
    await pg.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

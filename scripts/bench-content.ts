// `npm run bench:content`: the Content Hub's list query for a member, through the data API, on a realistic table.
//
// Starts a throwaway embedded PostgreSQL with the migrations and fills content_items with 10,000 items in one
// organization plus 100 organizations of 100 items (20,000 rows, inserted in random order so organizations are
// mixed in the heap, created_at spread over a year), then the real server process. The request measured is
// exactly the one the app sends (built by `contentItemsPageQuery` with supabase-js):
//   GET /rest/v1/content_items?select=*&organization_id=eq.<org>&order=created_at.desc,id.desc&limit=51
// for a member of the 10,000-item organization (first page, and a page 5,000 rows deep), and for a member of a
// 100-item organization. wrk (Debian package) measures p50/p99 with 1 connection (the latency one user sees)
// and with 50 (under load). The server and PostgreSQL are pinned to CPU 0, wrk to CPU 1 (shared/design/measuring.md).
// Then it prints EXPLAIN (ANALYZE, BUFFERS) of the statement the server builds for each request, run as the member
// (role authenticated, the member's JWT claims, RLS on), both as a custom plan and as the generic plan a
// prepared statement settles on; and, for comparison, the same query without the organization filter (RLS alone).
// Prints figures only; asserts nothing.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { createSql, ensureDatabase, withDatabase, type Sql } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { deriveApiKeys } from '../server/src/lib/api-keys';
import { insertUser } from '../server/src/modules/auth/user-store';
import { parseRequest } from '../server/src/modules/rest/parse/request';
import { loadCatalogue } from '../server/src/modules/rest/catalogue/schema-cache';
import { buildStatement } from '../server/src/modules/rest/sql/build';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/project-paths';
import { contentItemsPageQuery } from '../src/features/content/api/content-items-query';
import { LIST_PAGE_SIZE } from '../src/lib/keyset';
import type { Database } from '../src/types/database';
import { canPin, has, pinSelfToCpu0, runWrk, sessionToken, startServerProcess, type Figures } from './bench-support';

const BIG_ORG_ITEMS = 10_000;
const SMALL_ORGS = 100;
const SMALL_ORG_ITEMS = 100;
const DEEP_ROW = 5_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOADED_CONNECTIONS = 50;
const UNUSABLE_HASH = '$2a$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinva';

interface Member {
  userId: string;
  organizationId: string;
  token: string;
  claims: Record<string, unknown>;
}

async function createMember(sql: Sql, jwtSecret: string, label: string): Promise<Member> {
  const user = await insertUser(sql, {
    email: `${label}@bench.example.com`,
    passwordHash: UNUSABLE_HASH,
    userMetadata: { first_name: 'Bench', last_name: label, company_name: `Bench ${label}` },
    confirmed: true,
  });
  const [profile] = await sql<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${user.id}`;
  return { userId: user.id, organizationId: profile!.organization_id, ...(await sessionToken(sql, user, jwtSecret)) };
}

/** The data-API URL supabase-js builds for a query (postgrest-js keeps it on the builder). */
function urlOf(builder: unknown): URL {
  return (builder as { url: URL }).url;
}

/** SQL literal for EXECUTE arguments. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statement the server builds for `url`, run as `member` (role, claims, RLS),
 * as the custom plan (parameters known) and as the generic plan a prepared statement may settle on.
 */
async function explain(sql: Sql, url: URL, member: Member): Promise<{ custom: string; generic: string }> {
  const catalogue = await loadCatalogue(sql);
  const request = parseRequest({ method: 'GET', path: url.pathname.replace(/^\/rest\/v1/, ''), query: url.search.slice(1), headers: {} });
  const statement = buildStatement(request, catalogue);
  const plans = { custom: '', generic: '' };
  for (const mode of ['custom', 'generic'] as const) {
    await sql.begin(async (tx) => {
      await tx.unsafe(
        `select set_config('search_path', 'public, extensions', true), set_config('role', 'authenticated', true), ` +
          `set_config('request.jwt.claims', $1, true), set_config('plan_cache_mode', $2, true)`,
        [JSON.stringify(member.claims), mode === 'custom' ? 'force_custom_plan' : 'force_generic_plan'],
      );
      await tx.unsafe(`prepare bench_list as ${statement.text}`);
      await tx.unsafe(`execute bench_list(${statement.values.map(literal).join(', ')})`); // warm the cache
      const rows = await tx.unsafe<{ 'QUERY PLAN': string }[]>(
        `explain (analyze, buffers, summary off) execute bench_list(${statement.values.map(literal).join(', ')})`,
      );
      plans[mode] = rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
      await tx.unsafe('deallocate bench_list');
    });
  }
  return plans;
}

async function main(): Promise<void> {
  pinSelfToCpu0();
  if (!has('wrk')) throw new Error('bench:content needs wrk (Debian package: apt-get install wrk)');

  const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-content-'));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), password: randomBytes(12).toString('hex'), fast: true });
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let sql: Sql | undefined;
  try {
    await ensureDatabase(pg.url, 'bench');
    const dbUrl = withDatabase(pg.url, 'bench');
    sql = createSql(dbUrl, { max: 2 });
    await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });

    const jwtSecret = randomBytes(32).toString('hex');
    const keys = await deriveApiKeys(jwtSecret);
    const big = await createMember(sql, jwtSecret, 'big');
    const smalls: Member[] = [];
    for (let index = 0; index < SMALL_ORGS; index++) smalls.push(await createMember(sql, jwtSecret, `small-${index}`));
    const small = smalls[0]!;

    // Seed with the trigger off so created_at can be spread over a year (the trigger stamps now()).
    const started = performance.now();
    await sql`alter table public.content_items disable trigger content_items_set_updated_at`;
    await sql`
      insert into public.content_items (organization_id, user_id, title, content_type, status, content, excerpt, tags, created_at, updated_at)
      select o.organization_id, o.user_id, 'Item ' || g,
             (array['article','blog_post','case_study','whitepaper','video','infographic'])[1 + g % 6],
             (array['draft','review','published','archived'])[1 + g % 4],
             repeat('Body text of a marketing article. ', 30), 'A short summary of item ' || g || ' for the list.',
             array['tag' || (g % 7), 'marketing'], now() - make_interval(secs => random() * 365 * 86400), now()
      from (
        select ${big.organizationId}::uuid as organization_id, ${big.userId}::uuid as user_id, generate_series(1, ${BIG_ORG_ITEMS}) as g
        union all
        select p.organization_id, p.user_id, generate_series(1, ${SMALL_ORG_ITEMS})
        from public.profiles p where p.user_id = any(${smalls.map((member) => member.userId)}::uuid[])
      ) o
      order by random()`;
    await sql`alter table public.content_items enable trigger content_items_set_updated_at`;
    await sql`vacuum analyze public.content_items`;
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from public.content_items`;
    const seedSeconds = (performance.now() - started) / 1000;

    server = await startServerProcess({ databaseUrl: dbUrl, dataDir: path.join(dir, 'data'), jwtSecret });
    const apiUrl = server.url;
    const client = createClient<Database>(apiUrl, keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

    // The cursor after row DEEP_ROW of the big organization, in the list's order.
    const [deep] = await sql<{ created_at: string; id: string }[]>`
      select to_json(created_at) #>> '{}' as created_at, id from public.content_items
      where organization_id = ${big.organizationId} order by created_at desc, id desc offset ${DEEP_ROW - 1} limit 1`;
    const scenarios = [
      { name: `member of the ${BIG_ORG_ITEMS.toLocaleString('en-US')}-item organization, first page`, member: big, url: urlOf(contentItemsPageQuery(client, big.organizationId, null)) },
      {
        name: `member of the ${BIG_ORG_ITEMS.toLocaleString('en-US')}-item organization, page after row ${DEEP_ROW.toLocaleString('en-US')}`,
        member: big,
        url: urlOf(contentItemsPageQuery(client, big.organizationId, { createdAt: deep!.created_at, id: deep!.id })),
      },
      { name: `member of a ${SMALL_ORG_ITEMS}-item organization, first page`, member: small, url: urlOf(contentItemsPageQuery(client, small.organizationId, null)) },
    ];
    // For comparison: the same first page without the organization filter, leaving the choice of rows to RLS alone.
    const rlsOnly = new URL(scenarios[0]!.url);
    rlsOnly.searchParams.delete('organization_id');
    scenarios.push({ name: `for comparison, not the app's query: the first page without the organization filter (RLS alone), member of the ${BIG_ORG_ITEMS.toLocaleString('en-US')}-item organization`, member: big, url: rlsOnly });

    // Check each answer before measuring: a full page of the member's own organization, newest first.
    for (const scenario of scenarios) {
      const response = await fetch(scenario.url, { headers: { apikey: keys.anonKey, authorization: `Bearer ${scenario.member.token}` } });
      const rows = (await response.json()) as { organization_id: string; created_at: string }[];
      const ordered = rows.every((row, index) => index === 0 || rows[index - 1]!.created_at >= row.created_at);
      if (response.status !== 200 || rows.length !== LIST_PAGE_SIZE + 1 || !ordered || rows.some((row) => row.organization_id !== scenario.member.organizationId)) {
        throw new Error(`unexpected answer for "${scenario.name}": ${response.status}, ${rows.length} rows`);
      }
    }

    const fmt = (figures: Figures) =>
      `p50 ${figures.p50.toFixed(2).padStart(6)} ms   p99 ${figures.p99.toFixed(2).padStart(6)} ms   ${figures.rps.toFixed(0).padStart(6)} req/s   errors ${figures.errors}`;
    console.log(`bench:content  the Content Hub list query through the data API (real server process, user token)`);
    console.log(`data:     ${count.toLocaleString('en-US')} content items: ${BIG_ORG_ITEMS.toLocaleString('en-US')} in one organization + ${SMALL_ORGS} organizations of ${SMALL_ORG_ITEMS} (seeded in ${seedSeconds.toFixed(1)} s)`);
    console.log(`load:     wrk 4 (-t1), ${SECONDS} s per run after a 2 s warm-up; ` + (canPin ? 'server + PostgreSQL pinned to CPU 0, wrk to CPU 1' : 'taskset unavailable: nothing pinned'));
    const results: string[] = [];
    for (const scenario of scenarios) {
      const headers = { apikey: keys.anonKey, authorization: `Bearer ${scenario.member.token}`, 'accept-encoding': 'identity' };
      const href = scenario.url.toString();
      runWrk(href, headers, LOADED_CONNECTIONS, 2); // warm-up: JIT, connections, prepared statements, cache
      const single = runWrk(href, headers, 1, SECONDS);
      const loaded = runWrk(href, headers, LOADED_CONNECTIONS, SECONDS);
      results.push(`\n${scenario.name}\n  GET ${decodeURIComponent(href.slice(apiUrl.length))}\n  1 connection:   ${fmt(single)}\n  ${LOADED_CONNECTIONS} connections: ${fmt(loaded)}`);
      console.log(results[results.length - 1]);
    }

    console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the statement the server builds, run as the member (RLS on):');
    for (const scenario of scenarios) {
      const plans = await explain(sql, scenario.url, scenario.member);
      console.log(`\n${scenario.name}\n  custom plan:\n${plans.custom}\n  generic plan (prepared statement):\n${plans.generic}`);
    }
  } finally {
    await server?.stop();
    await sql?.end({ timeout: 2 }).catch(() => {});
    await pg.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

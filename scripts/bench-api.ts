// `npm run bench:api`: the data API's throughput and latency against its ceiling (PostgreSQL itself).
//
// Starts a throwaway embedded PostgreSQL with the migrations, 1,000 content items in one organization and a
// signed-in user of it, then the real server process, and measures with wrk (-t1, 50 connections, 10 s):
//   list    GET /rest/v1/content_items?select=*&order=created_at.desc&limit=50
//   embed   the same list with each item's author profile embedded (a many-to-one through a foreign key the
//           bench adds: content_items.user_id → profiles.user_id)
// Each case is compared with its ceiling: the same per-request transaction sent straight to PostgreSQL through
// the data API's own pipeline client, a pool of the server's size (50 in flight) — for `list` the exact statement the server builds,
// for `embed` a hand-written join. Follows shared/design/measuring.md: the server and PostgreSQL are pinned to
// CPU 0, the load generator (wrk, or the ceiling's client) to CPU 1. CPU time per request of the server and of
// PostgreSQL is read from /proc during each run. BENCH_CASES=list,embed picks cases; BENCH_SECONDS the length.
// Prints figures only; asserts nothing.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSql, ensureDatabase, withDatabase, type Sql } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { connectOptionsOf } from '../server/src/db/pipeline/options';
import { createPipelinePool } from '../server/src/db/pipeline/pool';
import { deriveApiKeys } from '../server/src/lib/api-keys';
import { signJwt } from '../server/src/lib/jwt';
import { insertUser } from '../server/src/modules/auth/user-store';
import { parseRequest } from '../server/src/modules/rest/parse/request';
import { loadCatalogue } from '../server/src/modules/rest/catalogue/schema-cache';
import { buildStatement } from '../server/src/modules/rest/sql/build';
import { transactionSteps } from '../server/src/modules/rest/transaction';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/server';
import {
  canPin,
  cpuSeconds,
  has,
  loadAverage,
  percentile,
  pin,
  pinSelfToCpu0,
  postgresCpuSeconds,
  postmasterPid,
  runWrk,
  startServerProcess,
  type Figures,
} from './bench-support';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ITEMS = 1000;
const POOL_SIZE = 10; // the server's own pool size (server/src/db/client.ts)
const UNUSABLE_HASH = '$2a$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinva';

interface BenchCase {
  name: string;
  path: string;
  query: string;
  /** The statement of the ceiling; null: the statement the server builds for the request. */
  ceilingSql: string | null;
  /** What the ceiling's body must look like (a cheap check that it did the work). */
  check: (body: string) => boolean;
}

const CASES: BenchCase[] = [
  {
    name: 'list',
    path: '/content_items',
    query: 'select=*&order=created_at.desc&limit=50',
    ceilingSql: null,
    check: (body) => body.length > 100,
  },
  {
    name: 'embed',
    path: '/content_items',
    query: 'select=id,title,status,created_at,author:profiles(first_name,last_name)&order=created_at.desc&limit=50',
    // What a careful person writes by hand for the same answer: a left join to the author, JSON built by PostgreSQL.
    ceilingSql:
      `select null::int as total, count(t)::int as page_total, coalesce(json_agg(t), '[]')::text as body from (` +
      `select c.id, c.title, c.status, c.created_at, ` +
      `case when p.user_id is null then null else json_build_object('first_name', p.first_name, 'last_name', p.last_name) end as author ` +
      `from public.content_items c left join public.profiles p on p.user_id = c.user_id ` +
      `order by c.created_at desc limit 50) t`,
    check: (body) => (JSON.parse(body) as { author: { first_name: string } | null }[])[0]?.author?.first_name === 'Bench',
  },
];

interface CeilingInput {
  url: string;
  token: string;
  claims: string;
  path: string;
  text: string;
  values: string[];
}

/**
 * The ceiling, run in its own process on the load generator's CPU: the transaction the API sends for the
 * request (begin, the settings, the session check, the statement, commit), written the way the API writes it
 * (the data API's pipeline: one write, one Sync), on a pool of the server's size, 50 requests in flight.
 */
async function runCeiling(input: CeilingInput, check: (body: string) => boolean): Promise<Figures & { clientMs: number }> {
  const sql = createSql(input.url, { max: 1, applicationName: 'bench-ceiling' });
  const pool = createPipelinePool(connectOptionsOf(sql, 'bench-ceiling'), { max: POOL_SIZE, idleTimeout: 60 });
  const steps = transactionSteps({
    readOnly: true,
    auth: { role: 'authenticated', claims: input.claims, session: { id: 'bench', userId: 'bench' } },
    settings: {
      method: 'GET',
      path: input.path,
      headers: JSON.stringify({ authorization: `Bearer ${input.token}` }),
      cookies: '{}',
      searchPath: 'public, extensions',
      timezone: null,
    },
    statement: { text: input.text, values: input.values },
    explain: null,
    sessionCheckInPipeline: true,
    end: 'commit',
  });
  steps.push({ text: 'commit', values: [] });
  const once = () =>
    pool.use(async (connection) => {
      const results = await connection.run(steps);
      const failed = results.find((result) => result.error);
      if (failed) throw failed.error;
      const body = results[3]!.rows[0]![2]!.toString();
      if (!check(body)) throw new Error(`unexpected body: ${body.slice(0, 200)}`);
    });
  const measure = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) {
          const start = performance.now();
          try {
            await once();
            latencies.push(performance.now() - start);
          } catch {
            errors++;
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
  };
  await measure(2); // warm-up: connections, prepared statements
  const cpu = process.cpuUsage();
  const figures = await measure(SECONDS);
  const used = process.cpuUsage(cpu);
  await pool.end();
  await sql.end();
  // The client's own CPU per request: what the pipeline alone costs for this transaction (the server pays it too).
  return { ...figures, clientMs: (used.user + used.system) / 1000 / (figures.rps * SECONDS) };
}

async function seed(sql: Sql, jwtSecret: string): Promise<{ token: string; claims: Record<string, unknown> }> {
  const user = await insertUser(sql, {
    email: 'bench@example.com',
    passwordHash: UNUSABLE_HASH,
    userMetadata: { first_name: 'Bench', last_name: 'User', company_name: 'Bench Co' },
    confirmed: true,
  });
  await sql`
    insert into public.content_items (organization_id, user_id, title, content_type, status, content, excerpt, tags, created_at)
    select p.organization_id, p.user_id, 'Item ' || g, 'article', 'published', repeat('Body text. ', 20), 'Excerpt ' || g,
           array['tag' || (g % 7), 'web'], now()
    from public.profiles p, generate_series(1, ${ITEMS}) g
    where p.user_id = ${user.id}`;
  // The insert trigger stamps created_at = now(); spread the items over time so the order is meaningful.
  await sql`update public.content_items set created_at = now() - make_interval(mins => substr(title, 6)::int)`;
  // The embed case's relationship (bench only): each item's author profile.
  await sql`alter table public.content_items add constraint content_items_author_profile_fkey
            foreign key (user_id) references public.profiles (user_id)`;
  await sql`analyze public.content_items`;
  await sql`notify pgrst, 'reload schema'`;
  const [session] = await sql<{ id: string }[]>`insert into auth.sessions (user_id) values (${user.id}) returning id`;
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'http://127.0.0.1/auth/v1', sub: user.id, aud: 'authenticated', exp: now + 3600, iat: now, email: user.email, phone: '',
    app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, role: 'authenticated', aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }], session_id: session!.id, is_anonymous: false,
  };
  return { token: await signJwt(claims, jwtSecret), claims };
}

const fmt = (figures: Figures) =>
  `${figures.rps.toFixed(0).padStart(6)} req/s   p50 ${figures.p50.toFixed(2).padStart(6)} ms   p99 ${figures.p99.toFixed(2).padStart(6)} ms   errors ${figures.errors}`;

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
    server = await startServerProcess({ databaseUrl: url, dataDir: path.join(dir, 'data'), jwtSecret });
    const postmaster = postmasterPid(pgDir);

    console.log(`bench:api  user token, ${ITEMS} content items in the user's organization, ${CONNECTIONS} connections, ${SECONDS} s per run`);
    console.log(`load:      wrk 4 (-t1); ` + (canPin ? 'server + PostgreSQL pinned to CPU 0, load generator to CPU 1' : 'taskset unavailable: nothing pinned'));
    console.log(`machine:   load average before ${loadAverage()}`);
    const headers = { apikey: keys.anonKey, authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
    for (const benchCase of cases) {
      const apiUrl = `${server.url}/rest/v1${benchCase.path}?${benchCase.query}`;
      const check = await fetch(apiUrl, { headers });
      const text = await check.text();
      if (check.status !== 200 || !text.startsWith('[{"id":') || JSON.parse(text).length !== 50 || !benchCase.check(text)) {
        throw new Error(`unexpected answer for ${benchCase.name} before measuring: ${check.status} ${text.slice(0, 300)}`);
      }

      runWrk(apiUrl, headers, CONNECTIONS, 2); // warm-up: JIT, connections, prepared statements
      const before = { server: cpuSeconds(server.child.pid!), pg: postgresCpuSeconds(postmaster) };
      const api = runWrk(apiUrl, headers, CONNECTIONS, SECONDS);
      const apiRequests = api.rps * SECONDS;
      const serverMs = ((cpuSeconds(server.child.pid!) - before.server) * 1000) / apiRequests;
      const apiPgMs = ((postgresCpuSeconds(postmaster) - before.pg) * 1000) / apiRequests;

      const statement =
        benchCase.ceilingSql === null
          ? buildStatement(parseRequest({ method: 'GET', path: benchCase.path, query: benchCase.query, headers: {} }), catalogue)
          : { text: benchCase.ceilingSql, values: [] };
      const input: CeilingInput = { url, token, claims: JSON.stringify(claims), path: benchCase.path, text: statement.text, values: statement.values };
      const [command, args] = pin(1, process.execPath, [...(process.env.BENCH_CEILING_NODE_ARGS ?? '').split(' ').filter(Boolean), ...process.execArgv, process.argv[1]!, '--ceiling', benchCase.name]);
      const pgBefore = postgresCpuSeconds(postmaster);
      const ceilingOutput = execFileSync(command, args, { encoding: 'utf8', env: { ...process.env, BENCH_CEILING: JSON.stringify(input) } });
      const ceiling = JSON.parse(ceilingOutput) as Figures & { clientMs: number };
      // The ceiling's warm-up (2 s) is inside this window: per request over both phases.
      const ceilingPgMs = ((postgresCpuSeconds(postmaster) - pgBefore) * 1000) / (ceiling.rps * (SECONDS + 2));

      console.log(`\n${benchCase.name}: GET /rest/v1${benchCase.path}?${benchCase.query}`);
      console.log(`  API:      ${fmt(api)}   CPU per request: server ${serverMs.toFixed(2)} ms, PostgreSQL ${apiPgMs.toFixed(2)} ms`);
      console.log(`  ceiling:  ${fmt(ceiling)}   CPU per request: PostgreSQL ~${ceilingPgMs.toFixed(2)} ms, its client ${ceiling.clientMs.toFixed(2)} ms` +
        `   (${benchCase.ceilingSql === null ? 'the same statement' : 'a hand-written join'} straight to PostgreSQL, pool of ${POOL_SIZE})`);
      console.log(`  ratio:    throughput API / ceiling = ${(api.rps / ceiling.rps).toFixed(2)}   p99 API / ceiling = ${(api.p99 / ceiling.p99).toFixed(2)}`);
    }
    console.log(`\nmachine:   load average after ${loadAverage()}`);
  } finally {
    await server?.stop();
    await sql?.end({ timeout: 2 }).catch(() => {});
    await pg.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--ceiling') {
  const input = JSON.parse(process.env.BENCH_CEILING!) as CeilingInput;
  const benchCase = CASES.find((candidate) => candidate.name === process.argv[3])!;
  process.stdout.write(JSON.stringify(await runCeiling(input, benchCase.check)));
} else {
  await main();
}

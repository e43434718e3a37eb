// `npm run bench:api`: the data API's throughput and latency against its ceiling (PostgreSQL itself).
//
// Starts a throwaway embedded PostgreSQL with the migrations, 1,000 content items in one organization and a
// signed-in user of it, then the real server process, and measures
//   GET /rest/v1/content_items?select=*&order=created_at.desc&limit=50   (user token, 50 connections, 10 s)
// with wrk (Debian package; autocannon from npm when wrk is missing), then the same per-request transaction
// sent straight to PostgreSQL through a postgres.js pool (the ceiling). Follows shared/design/measuring.md:
// the server and PostgreSQL are pinned to CPU 0, the load generator to CPU 1 (when taskset exists).
// Prints figures only; asserts nothing.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSql, ensureDatabase, withDatabase, type Sql } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { signJwt } from '../server/src/lib/jwt';
import { deriveApiKeys } from '../server/src/lib/api-keys';
import { insertUser } from '../server/src/modules/auth/user-store';
import { parseRequest } from '../server/src/modules/rest/query-parser';
import { loadCatalogue } from '../server/src/modules/rest/schema-cache';
import { buildStatement } from '../server/src/modules/rest/sql-builder';
import { MIGRATIONS_DIR, ROOT_DIR, SHIM_DIR } from '../server/src/server';

const QUERY = 'select=*&order=created_at.desc&limit=50';
const PATHNAME = `/rest/v1/content_items?${QUERY}`;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ITEMS = 1000;
const POOL_SIZE = 10; // the server's own pool size (server/src/db/client.ts)

const ceilingMode = process.argv.includes('--ceiling');

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const canPin = has('taskset') && cpus().length >= 2;
const pin = (cpu: number, command: string, args: string[]): [string, string[]] =>
  canPin ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  tool: string;
}

/**
 * The ceiling, run in its own process on the load generator's CPU: the exact transaction the API sends for
 * the request (begin, set_config of role/claims/request.*, session check, the SELECT, commit), pipelined on
 * a postgres.js pool of the server's size, 50 requests in flight.
 */
async function runCeiling(): Promise<void> {
  const { url, token, claims } = JSON.parse(process.env.BENCH_CEILING!) as Record<string, string>;
  const sql = createSql(url, { max: POOL_SIZE, applicationName: 'bench-ceiling' });
  const catalogue = await loadCatalogue(sql);
  const request = parseRequest({ method: 'GET', path: '/content_items', query: QUERY, headers: {} });
  const statement = buildStatement(request, catalogue);
  const settings = [
    'public, extensions', '8s', 'authenticated', claims!, 'GET', '/content_items',
    JSON.stringify({ authorization: `Bearer ${token}` }), '{}',
  ];
  const once = async () => {
    const conn = await sql.reserve();
    try {
      const steps = [
        conn.unsafe('begin isolation level read committed read only').execute(),
        conn
          .unsafe(
            `select set_config('search_path', $1, true), set_config('statement_timeout', $2, true), set_config('role', $3, true), ` +
              `set_config('request.jwt.claims', $4, true), set_config('request.method', $5, true), set_config('request.path', $6, true), ` +
              `set_config('request.headers', $7, true), set_config('request.cookies', $8, true)`,
            settings,
            { prepare: true },
          )
          .execute(),
        conn.unsafe('select private.require_active_session()').execute(),
        conn.unsafe(statement.text, statement.values.map((value) => conn.typed(value, 705)) as never[], { prepare: true }).execute(),
        conn.unsafe('commit').execute(),
      ];
      const results = await Promise.all(steps);
      const body = (results[3] as unknown as { body: string }[])[0]!.body;
      if (body.length < 100) throw new Error('unexpected empty body');
    } finally {
      conn.release();
    }
  };
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
  const figures = await measure(SECONDS);
  await sql.end();
  process.stdout.write(JSON.stringify(figures));
}

function runWrk(url: string, headers: Record<string, string>, seconds: number): Figures {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const [command, args] = pin(1, 'wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...headerArgs, url]);
  const output = execFileSync(command, args, { encoding: 'utf8' });
  const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit]!;
  const latency = (p: string) => {
    const match = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
    return match ? toMs(match[1]!, match[2]!) : NaN;
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]), p50: latency('50'), p99: latency('99'), errors, tool: 'wrk 4 (-t1)' };
}

function runAutocannon(url: string, headers: Record<string, string>, seconds: number): Figures {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const [command, args] = pin(1, 'npx', ['--yes', 'autocannon@8', '-c', String(CONNECTIONS), '-d', String(seconds), '-j', ...headerArgs, url]);
  const result = JSON.parse(execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors, tool: 'autocannon 8 (npx)' };
}

async function main(): Promise<void> {
  if (!process.env.BENCH_PINNED && canPin) {
    // Re-run this orchestrator on CPU 0: the embedded PostgreSQL and the server it starts inherit the pinning.
    const [command, args] = pin(0, process.execPath, [...process.execArgv, ...process.argv.slice(1)]);
    const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, BENCH_PINNED: '1' } });
    process.exit(child.status ?? 1);
  }

  const useWrk = has('wrk');
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-'));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), password: randomBytes(12).toString('hex'), fast: true });
  let server: ReturnType<typeof spawn> | undefined;
  let sql: Sql | undefined;
  try {
    await ensureDatabase(pg.url, 'bench');
    const url = withDatabase(pg.url, 'bench');
    sql = createSql(url, { max: 2 });
    await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });

    const user = await insertUser(sql, {
      email: 'bench@example.com',
      passwordHash: '$2a$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinva',
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
    await sql`analyze public.content_items`;
    const [session] = await sql<{ id: string }[]>`insert into auth.sessions (user_id) values (${user.id}) returning id`;

    const jwtSecret = randomBytes(32).toString('hex');
    const keys = await deriveApiKeys(jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: 'http://127.0.0.1/auth/v1', sub: user.id, aud: 'authenticated', exp: now + 3600, iat: now, email: user.email, phone: '',
      app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, role: 'authenticated', aal: 'aal1',
      amr: [{ method: 'password', timestamp: now }], session_id: session!.id, is_anonymous: false,
    };
    const token = await signJwt(claims, jwtSecret);

    const port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/main.ts')], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: path.join(dir, 'data'), PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: jwtSecret, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-password', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready on')) resolve();
      };
      server!.stdout!.on('data', onData);
      server!.stderr!.on('data', onData);
      server!.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
    });

    const apiUrl = `http://127.0.0.1:${port}${PATHNAME}`;
    const headers = { apikey: keys.anonKey, authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
    const check = await fetch(apiUrl, { headers });
    const rows = (await check.json()) as { title: string }[];
    if (check.status !== 200 || rows.length !== 50 || rows[0]!.title !== 'Item 1') {
      throw new Error(`unexpected answer before measuring: ${check.status}, ${rows.length} rows, first ${rows[0]?.title}`);
    }

    const load = useWrk ? runWrk : runAutocannon;
    load(apiUrl, headers, 2); // warm-up: JIT, connections, prepared statements
    const api = load(apiUrl, headers, SECONDS);

    const [command, args] = pin(1, process.execPath, [...process.execArgv, process.argv[1]!, '--ceiling']);
    const ceilingOutput = execFileSync(command, args, {
      encoding: 'utf8',
      env: { ...process.env, BENCH_CEILING: JSON.stringify({ url, token, claims: JSON.stringify(claims) }) },
    });
    const ceiling = JSON.parse(ceilingOutput) as Omit<Figures, 'tool'>;

    const fmt = (figures: Omit<Figures, 'tool'>) =>
      `${figures.rps.toFixed(0).padStart(7)} req/s   p50 ${figures.p50.toFixed(2).padStart(6)} ms   p99 ${figures.p99.toFixed(2).padStart(6)} ms   errors ${figures.errors}`;
    console.log(`bench:api  GET ${PATHNAME}`);
    console.log(`           user token, ${ITEMS} content items in the user's organization, ${CONNECTIONS} connections, ${SECONDS} s`);
    console.log(
      `load:      ${api.tool}${useWrk ? '' : ' — wrk is not installed (apt-get install wrk), fell back to autocannon'}; ` +
        (canPin ? 'server + PostgreSQL pinned to CPU 0, load generator to CPU 1' : 'taskset unavailable: nothing pinned'),
    );
    console.log(`API:       ${fmt(api)}`);
    console.log(`ceiling:   ${fmt(ceiling)}   (same transaction straight to PostgreSQL, postgres.js pool of ${POOL_SIZE})`);
    console.log(`ratio:     API / ceiling = ${(api.rps / ceiling.rps).toFixed(2)} (throughput)`);
  } finally {
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve));
    await sql?.end({ timeout: 2 }).catch(() => {});
    await pg.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

if (ceilingMode) {
  await runCeiling();
} else {
  await main();
}

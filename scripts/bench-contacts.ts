// `npm run bench:contacts`: how long a workspace's contacts take to import and to list, on a throwaway embedded
// PostgreSQL with the migrations.
//
// 1. Imports 10,000 contacts into one workspace as its member, the way the app does: import_contacts() in batches of
//    500 lines (src/config/contact-options.ts › CONTACT_IMPORT_BATCH), skip mode; prints each batch's time and the total.
//    Then imports the same file again (every line a duplicate: skipped), once more merging (every line updated, same
//    values) and once merging a file whose companies changed. Then changes a rule (every contact rescored) and runs
//    recompute_lead_scores().
// 2. Adds 10,000 contacts to each of 9 other workspaces (100,000 rows in all), then runs the list queries of the
//    contacts screen as the member (role authenticated, the member's claims, RLS on) with EXPLAIN (ANALYZE, BUFFERS):
//    first page by score, the hot band, a prefix search, a page 5,000 rows deep by score, and contact_overview().
//    The SQL is what the data API runs for those requests (a filter on organization_id, the keyset filters, order,
//    limit 51); the plan's first line and the execution time are printed.
// Prints figures only; asserts nothing. Run it on a quiet machine (shared/design/measuring.md).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSql, type Sql } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { insertUser } from '../server/src/modules/auth/user-store';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/project-paths';
import { CONTACT_IMPORT_BATCH } from '../src/config/contact-options';

const CONTACTS = 10_000;
const OTHER_WORKSPACES = 9;
const STAGES = ['subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned'];

async function asMember<T>(sql: Sql, userId: string, work: (tx: Sql) => Promise<T>): Promise<T> {
  let result: T;
  await sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify({ role: 'authenticated', sub: userId })}, true)`;
    result = await work(tx as unknown as Sql);
  });
  return result!;
}

function lines(prefix: string, company = 'Company') {
  return Array.from({ length: CONTACTS }, (_, n) => ({
    line: n + 2,
    first_name: `First${n}`,
    last_name: `Last${n}`,
    email: `${prefix}${n}@bench.example.com`,
    company: `${company} ${n % 500}`,
    job_title: n % 7 === 0 ? 'Marketing Director' : 'Analyst',
    lifecycle_stage: STAGES[n % STAGES.length],
    tags: n % 3 === 0 ? ['vip'] : [],
  }));
}

async function importAll(sql: Sql, userId: string, workspaceId: string, mode: 'skip' | 'merge', company?: string): Promise<void> {
  const rows = lines('p', company);
  const times: number[] = [];
  for (let start = 0; start < rows.length; start += CONTACT_IMPORT_BATCH) {
    const batch = rows.slice(start, start + CONTACT_IMPORT_BATCH);
    const began = performance.now();
    await asMember(sql, userId, (tx) => tx`select public.import_contacts(${workspaceId}, ${tx.json(batch)}, ${mode}, false)`);
    times.push(performance.now() - began);
  }
  const total = times.reduce((sum, time) => sum + time, 0);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `import ${CONTACTS} lines (${mode}${company ? `, every company now "${company} n"` : ''}), ${times.length} batches of ${CONTACT_IMPORT_BATCH}: total ${(total / 1000).toFixed(2)} s, ` +
      `batch p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`,
  );
}

async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const began = performance.now();
  await work();
  console.log(`${label}: ${(performance.now() - began).toFixed(0)} ms`);
}

async function explain(sql: Sql, userId: string, label: string, query: string, params: unknown[]): Promise<void> {
  const plan = await asMember(sql, userId, (tx) => tx.unsafe<{ 'QUERY PLAN': string }[]>(`explain (analyze, buffers) ${query}`, params as never));
  const text = plan.map((row) => row['QUERY PLAN']);
  console.log(`${label}: ${text.find((line) => line.startsWith('Execution Time')) ?? ''}\n    ${text[0]}`);
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-contacts-'));
await chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), password: 'bench', fast: true, keepExitHooks: true });
const sql = createSql(pg.url, { max: 2 });
try {
  await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
  const user = await insertUser(sql, { email: 'member@bench.example.com', passwordHash: 'x', userMetadata: { first_name: 'Bench', last_name: 'Member' }, confirmed: true });
  const [profile] = await sql<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${user.id}`;
  const workspaceId = profile!.organization_id;

  await importAll(sql, user.id, workspaceId, 'skip');
  await importAll(sql, user.id, workspaceId, 'skip');
  await importAll(sql, user.id, workspaceId, 'merge');
  await importAll(sql, user.id, workspaceId, 'merge', 'Renamed');
  await timed(`a rule change rescoring the ${CONTACTS} contacts`, () =>
    asMember(sql, user.id, (tx) => tx`update public.contact_score_rules set points = points + 1 where organization_id = ${workspaceId} and kind = 'job_title'`));
  await timed('recompute_lead_scores() with nothing to change', () =>
    asMember(sql, user.id, (tx) => tx`select public.recompute_lead_scores(${workspaceId})`));

  for (let n = 0; n < OTHER_WORKSPACES; n++) {
    const [org] = await sql<{ id: string }[]>`insert into public.organizations (name, is_personal) values (${`Other ${n}`}, false) returning id`;
    await sql`insert into public.contacts (organization_id, first_name, email, lifecycle_stage, score_adjustment)
      select ${org!.id}, 'Other' || g, 'o' || g || '@other.example.com', ${STAGES[n % STAGES.length]!}, (g % 60) from generate_series(1, ${CONTACTS}) g`;
  }
  await sql`analyze public.contacts`;
  const columns = 'id, first_name, last_name, email, company, lifecycle_stage, tags, lead_score, score_band, owner_id, created_at, sort_name';
  const [deep] = await asMember(sql, user.id, (tx) => tx<{ lead_score: number; id: string }[]>`
    select lead_score, id from public.contacts where organization_id = ${workspaceId} order by lead_score desc, id desc offset 5000 limit 1`);
  await explain(sql, user.id, 'first page by score', `select ${columns} from public.contacts where organization_id = $1 order by lead_score desc, id desc limit 51`, [workspaceId]);
  await explain(sql, user.id, 'hot band, by score', `select ${columns} from public.contacts where organization_id = $1 and score_band = 'hot' order by lead_score desc, id desc limit 51`, [workspaceId]);
  await explain(sql, user.id, 'search "first12:*", newest', `select ${columns} from public.contacts where organization_id = $1 and search_document @@ to_tsquery('simple', 'first12:*') order by created_at desc, id desc limit 51`, [workspaceId]);
  await explain(
    sql, user.id, 'page 5,000 rows deep by score',
    `select ${columns} from public.contacts where organization_id = $1 and lead_score <= $2 and (lead_score < $2 or id < $3) order by lead_score desc, id desc limit 51`,
    [workspaceId, deep!.lead_score, deep!.id],
  );
  await explain(sql, user.id, 'contact_overview()', 'select public.contact_overview($1)', [workspaceId]);
} finally {
  await sql.end();
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
}

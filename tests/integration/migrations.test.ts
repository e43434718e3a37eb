import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSql, type Sql } from '../../server/src/db/client';
import { migrate, MigrationError } from '../../server/src/db/migrate';
import { MIGRATIONS_DIR, SHIM_DIR } from '../../server/src/project-paths';
import { createDatabaseFromTemplate, type TestDatabase } from '../support/cluster';

let dir: string;
const opened: { db: TestDatabase; sql: Sql }[] = [];

async function emptyDatabase() {
  const db = await createDatabaseFromTemplate(inject('cluster'), { empty: true });
  const sql = createSql(db.url, { max: 2 });
  opened.push({ db, sql });
  return sql;
}

async function writeMigrations(name: string, files: Record<string, string>) {
  const folder = path.join(dir, name);
  await import('node:fs/promises').then((fs) => fs.mkdir(folder));
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(folder, file), text);
  return folder;
}

/**
 * A used database just before `migration`: every earlier migration applied, ready for the rows a test writes.
 * `apply()` then runs `migration` on it and returns the names applied.
 */
async function databaseBefore(migration: string) {
  const folder = await writeMigrations(`before-${migration.replace(/\.sql$/, '')}`, {});
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file < migration) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(folder, file));
  }
  const sql = await emptyDatabase();
  await migrate(sql, { migrationsDir: folder, shimDir: SHIM_DIR });
  const apply = async () => {
    await copyFile(path.join(MIGRATIONS_DIR, migration), path.join(folder, migration));
    return (await migrate(sql, { migrationsDir: folder, shimDir: SHIM_DIR })).applied;
  };
  return { sql, apply };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bb-migrations-'));
});

afterAll(async () => {
  for (const { db, sql } of opened) {
    await sql.end();
    await db.drop();
  }
  await rm(dir, { recursive: true, force: true });
});

describe('migration runner', () => {
  it('applies files in file-name order, each once, recorded like the Supabase CLI', async () => {
    const sql = await emptyDatabase();
    const folder = await writeMigrations('ordered', {
      '20260102000000_second.sql': 'insert into public.trail values (2);',
      '20260101000000_first.sql': 'create table public.trail (n int); insert into public.trail values (1);',
    });
    const first = await migrate(sql, { migrationsDir: folder });
    expect(first.applied).toEqual(['20260101000000_first.sql', '20260102000000_second.sql']);
    expect(await sql`select n from public.trail order by n`).toEqual([{ n: 1 }, { n: 2 }]);

    const again = await migrate(sql, { migrationsDir: folder });
    expect(again.applied).toEqual([]);
    expect(await sql`select count(*)::int as count from public.trail`).toEqual([{ count: 2 }]);
    expect(await sql`select version, name from supabase_migrations.schema_migrations order by version`).toEqual([
      { version: '20260101000000', name: 'first' },
      { version: '20260102000000', name: 'second' },
    ]);
  });

  it('stops at a failing file with its name and PostgreSQL message, leaving the database as before that file', async () => {
    const sql = await emptyDatabase();
    const folder = await writeMigrations('failing', {
      '20260101000000_good.sql': 'create table public.good (n int);',
      '20260102000000_bad.sql': 'create table public.half (n int);\ninsert into public.half values (1);\nselect 1/0;',
      '20260103000000_after.sql': 'create table public.after (n int);',
    });
    const error = await migrate(sql, { migrationsDir: folder }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).message).toBe('Migration 20260102000000_bad.sql failed: division by zero');
    const [tables] = await sql`
      select to_regclass('public.good') is not null as good, to_regclass('public.half') is not null as half,
             to_regclass('public.after') is not null as after`;
    expect(tables).toEqual({ good: true, half: false, after: false });
    expect(await sql`select version from supabase_migrations.schema_migrations`).toEqual([{ version: '20260101000000' }]);
  });

  it('refuses a file whose name is not <digits>_<name>.sql', async () => {
    const sql = await emptyDatabase();
    const folder = await writeMigrations('misnamed', { 'create-things.sql': 'select 1;' });
    await expect(migrate(sql, { migrationsDir: folder })).rejects.toThrow(
      'Migration create-things.sql failed: the file name must look like <digits>_<lower_case_name>.sql',
    );
  });

  it('applies the local auth shim only when auth.users does not exist', async () => {
    const local = await emptyDatabase();
    const folder = await writeMigrations('none', {});
    const result = await migrate(local, { migrationsDir: folder, shimDir: SHIM_DIR });
    expect(result.isLocalAuth).toBe(true);
    expect(result.shim.length).toBeGreaterThan(0);
    expect((await migrate(local, { migrationsDir: folder, shimDir: SHIM_DIR })).shim).toEqual([]);

    const supabaseLike = await emptyDatabase();
    await supabaseLike.unsafe('create schema auth; create table auth.users (id uuid primary key);');
    const hosted = await migrate(supabaseLike, { migrationsDir: folder, shimDir: SHIM_DIR });
    expect(hosted).toMatchObject({ isLocalAuth: false, shim: [] });
    const [row] = await supabaseLike`select to_regclass('auth.sessions') is null as untouched`;
    expect(row).toEqual({ untouched: true });
  });

  it('applies the real migrations to an empty database and seeds the defaults', async () => {
    const sql = await emptyDatabase();
    const result = await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
    expect(result.applied.length).toBeGreaterThanOrEqual(8);
    expect(await sql`select name, href, sort_order from public.menu_items order by sort_order`).toEqual([
      { name: 'Home', href: '/', sort_order: 1 },
      { name: 'Portfolio', href: '/portfolio', sort_order: 2 },
      { name: 'About', href: '/about', sort_order: 3 },
      { name: 'ROI', href: '/roi', sort_order: 4 },
    ]);
    const pages = await sql<{ number: number; title: string; path: string }[]>`
      select number, title, path from public.admin_pages order by number`;
    expect(pages).toHaveLength(20);
    expect(pages[0]).toEqual({ number: 1, title: 'THE TEST LAB', path: '/admin/page-1' });
    expect(pages[19]).toEqual({ number: 20, title: 'Page 20', path: '/admin/page-20' });
  });
  it('cleans rows written before the title and tag checks, so the tightening migration applies to a used database', async () => {
    const tightening = '20261122100000_tighten_content_campaign_checks.sql';
    const { sql, apply } = await databaseBefore(tightening);
    const [organization] = await sql<{ id: string }[]>`insert into public.organizations (name) values ('Used') returning id`;
    const organizationId = organization!.id;
    await sql`insert into public.content_items (organization_id, title, tags) values
      (${organizationId}, ${'\tTabbed title\n'}, ${[' seo ', '', 'a,b', 'x'.repeat(60)]}),
      (${organizationId}, ${'\t\n'}, ${['fine']})`;
    await sql`insert into public.campaigns (organization_id, title) values (${organizationId}, ${'  ' + 'y'.repeat(200) + '  '})`;

    expect(await apply()).toEqual([tightening]);

    expect(await sql`select title, tags from public.content_items order by title`).toEqual([
      { title: 'Tabbed title', tags: ['seo', 'a', 'b', 'x'.repeat(50)] },
      { title: 'Untitled', tags: ['fine'] },
    ]);
    expect(await sql`select title from public.campaigns`).toEqual([{ title: 'y'.repeat(200) }]);
  });

  it('keeps one menu item per link when a used database has duplicates, so the uniqueness migration applies', async () => {
    const unique = '20261123020000_unique_menu_item_links.sql';
    const { sql, apply } = await databaseBefore(unique);
    // A double click (same sort order, a moment later: two statements), and a link added again further down.
    await sql`insert into public.menu_items (name, href, sort_order) values ('Contact', '/contact', 5)`;
    await sql`insert into public.menu_items (name, href, sort_order) values ('Contact us', '/contact', 5), ('Our work', '/portfolio', 6)`;

    expect(await apply()).toEqual([unique]);

    expect(await sql`select name, href, sort_order from public.menu_items order by sort_order`).toEqual([
      { name: 'Home', href: '/', sort_order: 1 },
      { name: 'Portfolio', href: '/portfolio', sort_order: 2 },
      { name: 'About', href: '/about', sort_order: 3 },
      { name: 'ROI', href: '/roi', sort_order: 4 },
      { name: 'Contact', href: '/contact', sort_order: 5 },
    ]);
    await expect(sql`insert into public.menu_items (name, href, sort_order) values ('Again', '/contact', 7)`).rejects.toMatchObject({ code: '23505' });
  });
});

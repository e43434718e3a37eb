import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql, type Sql } from '../../server/src/db/client';
import { PGRST_SETTINGS } from '../../server/src/modules/rest/db-config';
import { MIGRATIONS_DIR } from '../../server/src/project-paths';
import { dbPush } from '../../scripts/hosted-shape/db-push';

/**
 * supabase/migrations on a PostgreSQL 15 shaped like a hosted Supabase database, pushed as `postgres` the way
 * `supabase db push` does (global setup). These tests first prove the shape bites — `postgres` is no superuser and
 * cannot create in auth or storage — so that "the migrations applied" means they would apply there too.
 */

const shape = inject('supabaseShape');
let postgres: Sql;
let admin: Sql;

beforeAll(() => {
  postgres = createSql(shape.urls.postgres, { max: 2 });
  admin = createSql(shape.urls.supabaseAdmin, { max: 1 });
});

afterAll(async () => {
  await Promise.all([postgres?.end(), admin?.end()]);
});

/** Runs `statement` as postgres in a transaction that is always rolled back; returns PostgreSQL's error message. */
async function refusal(statement: string): Promise<string | undefined> {
  const conn = await postgres.reserve();
  try {
    await conn.unsafe('begin');
    await conn.unsafe(statement);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await conn.unsafe('rollback').catch(() => {});
    conn.release();
  }
}

describe('the Supabase-shaped PostgreSQL 15', () => {
  it('is PostgreSQL 15 and postgres is not a superuser there', async () => {
    expect(shape.version).toMatch(/^15\./);
    expect(await postgres`select rolsuper, rolbypassrls, rolcreaterole from pg_roles where rolname = current_user`).toEqual([
      { rolsuper: false, rolbypassrls: true, rolcreaterole: true },
    ]);
    expect(
      await postgres`select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by 1`,
    ).toHaveLength(4);
  });

  it('keeps postgres out of auth and storage: no functions, tables or triggers of its own there', async () => {
    expect(await refusal('create function auth.mine() returns int language sql as $$ select 1 $$')).toBe('permission denied for schema auth');
    expect(await refusal('create table auth.mine (id int)')).toBe('permission denied for schema auth');
    expect(await refusal('create table storage.mine (id int)')).toBe('permission denied for schema storage');
    expect(await refusal('alter table auth.sessions add column mine int')).toBe('must be owner of table sessions');
    const [owners] = await admin<{ schemas: string[] }[]>`
      select coalesce(array_agg(distinct n.nspname), '{}') as schemas
      from pg_namespace n
      left join pg_class c on c.relnamespace = n.oid
      left join pg_proc p on p.pronamespace = n.oid
      where n.nspname in ('auth', 'storage') and ('postgres'::regrole in (c.relowner, p.proowner))`;
    expect(owners).toEqual({ schemas: [] });
  });

  it('took every migration, each recorded with its statements as the CLI records them, and a second push has none left', async () => {
    const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
    expect(shape.pushed).toEqual(files);
    const rows = await postgres<{ version: string; name: string; statements: number }[]>`
      select version, name, cardinality(statements) as statements from supabase_migrations.schema_migrations order by version`;
    expect(rows.map((row) => `${row.version}_${row.name}.sql`)).toEqual(files);
    for (const row of rows) expect(row.statements).toBeGreaterThan(0);
    expect(await dbPush(postgres, MIGRATIONS_DIR)).toEqual([]);
  });

  it('wires the session check as PostgREST reads it: authenticator’s pgrst.db_pre_request for this database', async () => {
    const [row] = await postgres<{ setting: string }[]>`
      select setting from pg_db_role_setting s, unnest(s.setconfig) as setting
      where s.setrole = 'authenticator'::regrole
        and s.setdatabase = (select oid from pg_database where datname = current_database())`;
    expect(row).toEqual({ setting: 'pgrst.db_pre_request=private.require_active_session' });
  });

  it('lets postgres set PostgREST’s settings on authenticator, for the database or for all (supautils’ rule), as both migration forms do', async () => {
    for (const name of PGRST_SETTINGS) {
      expect(await refusal(`alter role authenticator in database postgres set ${name} = 'x'`)).toBeUndefined();
      expect(await refusal(`alter role authenticator set ${name} = 'x'`)).toBeUndefined();
    }
    // Reserved roles without `*` in supautils.reserved_roles stay out of reach (here: supabase_admin is the superuser).
    expect(await refusal(`alter role supabase_admin set pgrst.db_max_rows = '1'`)).toMatch(/permission denied|must be superuser/);
  });

  it('ran supabase/seed.sql: the public audio bucket exists, beside the buckets of migrations (private assets, public asset-public and email-images)', async () => {
    expect(await postgres`select id, public from storage.buckets order by id`).toEqual([
      { id: 'asset-public', public: true },
      { id: 'assets', public: false },
      { id: 'audio', public: true },
      { id: 'email-images', public: true },
    ]);
  });

  it('no migration alters a storage table (hosted Supabase refuses it since 2025; policies are allowed by supautils)', async () => {
    for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'))) {
      const text = (await readFile(path.join(MIGRATIONS_DIR, file), 'utf8')).replace(/--.*$/gm, '');
      expect(text, file).not.toMatch(/\b(alter|drop|truncate)\s+table\s+(if\s+exists\s+)?storage\./i);
      expect(text, file).not.toMatch(/\bcreate\s+(or\s+replace\s+)?(function|table|trigger|view)\s+storage\./i);
    }
    const policies = await admin<{ policyname: string }[]>`
      select policyname from pg_policies where schemaname = 'storage' and tablename = 'objects' order by 1`;
    // The asset library's (20261128130200_restrict_assets_bucket_to_the_library.sql) replaced the member-writes ones.
    expect(policies.map((row) => row.policyname).sort()).toEqual([
      'assets: members remove unfinished uploads',
      'assets: members resume reserved files',
      'assets: members upload reserved files',
      'assets: workspace members and viewers read',
      'email-images: workspace members add',
      'email-images: workspace members read',
      'email-images: workspace members remove',
    ]);
  });
});

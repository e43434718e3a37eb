import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from './client';

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

/** A migration that failed: the file name and PostgreSQL's own message. */
export class MigrationError extends Error {
  override name = 'MigrationError';
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`Migration ${file} failed: ${reason}`);
  }
}

const FILE_PATTERN = /^(\d+)_([a-z0-9_]+)\.sql$/;
/** Session-level advisory lock key, so two servers starting together migrate one after the other. */
const LOCK_KEY = 4_202_611_22;

/** Migration files of a folder in file-name order; a file not named `<digits>_<name>.sql` is an error. */
export async function listMigrations(dir: string): Promise<MigrationFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = FILE_PATTERN.exec(file);
      if (!match) throw new MigrationError(file, 'the file name must look like <digits>_<lower_case_name>.sql');
      return { version: match[1]!, name: match[2]!, file };
    });
}

export interface MigrateOptions {
  migrationsDir: string;
  /** The local auth shim: applied only on a database that is not a Supabase database. */
  shimDir?: string;
  log?: (message: string) => void;
}

export interface MigrateResult {
  isLocalAuth: boolean;
  shim: string[];
  applied: string[];
}

type Reserved = Awaited<ReturnType<Sql['reserve']>>;

async function applyFile(conn: Reserved, dir: string, migration: MigrationFile, table: string): Promise<void> {
  const text = await readFile(path.join(dir, migration.file), 'utf8');
  await conn.unsafe('begin');
  try {
    await conn.unsafe(text).simple();
    await conn.unsafe(`insert into ${table} (version, name, statements) values ($1, $2, $3)`, [
      migration.version,
      migration.name,
      [text],
    ]);
    await conn.unsafe('commit');
  } catch (error) {
    await conn.unsafe('rollback').catch(() => {});
    throw new MigrationError(migration.file, error instanceof Error ? error.message : String(error));
  }
}

async function pending(conn: Reserved, files: MigrationFile[], table: string): Promise<MigrationFile[]> {
  const rows = await conn.unsafe<{ version: string }[]>(`select version from ${table}`);
  const done = new Set(rows.map((row) => row.version));
  return files.filter((file) => !done.has(file.version));
}

/**
 * Applies pending migrations in file-name order, each once and in its own transaction,
 * recorded in `supabase_migrations.schema_migrations` as the Supabase CLI does.
 */
export async function migrate(sql: Sql, options: MigrateOptions): Promise<MigrateResult> {
  const log = options.log ?? (() => {});
  const conn = await sql.reserve();
  try {
    await conn.unsafe('select pg_advisory_lock($1)', [LOCK_KEY]);
    await conn.unsafe(
      `create schema if not exists supabase_migrations;
       create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
       alter table supabase_migrations.schema_migrations add column if not exists statements text[];
       alter table supabase_migrations.schema_migrations add column if not exists name text;`,
    ).simple();

    const [probe] = await conn.unsafe<{ has_users: boolean; has_shim: boolean }[]>(
      `select to_regclass('auth.users') is not null as has_users,
              to_regclass('supabase_migrations.local_auth_shim') is not null as has_shim`,
    );
    const isLocalAuth = !probe!.has_users || probe!.has_shim;
    const shim: string[] = [];
    if (isLocalAuth && options.shimDir) {
      await conn.unsafe(
        `create table if not exists supabase_migrations.local_auth_shim
           (version text not null primary key, name text, statements text[])`,
      );
      for (const file of await pending(conn, await listMigrations(options.shimDir), 'supabase_migrations.local_auth_shim')) {
        await applyFile(conn, options.shimDir, file, 'supabase_migrations.local_auth_shim');
        shim.push(file.file);
        log(`applied auth shim ${file.file}`);
      }
    }

    const applied: string[] = [];
    const files = await listMigrations(options.migrationsDir);
    for (const file of await pending(conn, files, 'supabase_migrations.schema_migrations')) {
      await applyFile(conn, options.migrationsDir, file, 'supabase_migrations.schema_migrations');
      applied.push(file.file);
      log(`applied migration ${file.file}`);
    }
    if (applied.length || shim.length) await conn.unsafe(`notify pgrst, 'reload schema'`);
    return { isLocalAuth, shim, applied };
  } finally {
    await conn.unsafe('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    conn.release();
  }
}

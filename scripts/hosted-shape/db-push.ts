import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { listMigrations } from '../../server/src/db/migrate';
import type { Sql } from '../../server/src/db/client';
import { splitSqlStatements } from './sql-split';

/**
 * `supabase db push` and the seed step of `supabase db reset`, as the Supabase CLI runs them (pkg/migration):
 * connected as `postgres`, each pending migration's statements are split (sql-split.ts) and sent one by one with the
 * extended protocol — so a file must not rely on several commands in one query string — in one transaction with its
 * row in supabase_migrations.schema_migrations (version, name, statements).
 */

export class PushError extends Error {
  override name = 'PushError';
}

type Reserved = Awaited<ReturnType<Sql['reserve']>>;

async function runBatch(conn: Reserved, statements: string[], after: (conn: Reserved) => Promise<unknown>, label: string) {
  await conn.unsafe('begin');
  let index = 0;
  try {
    for (; index < statements.length; index++) await conn.unsafe(statements[index]!, [], { prepare: false });
    await after(conn);
    await conn.unsafe('commit');
  } catch (error) {
    await conn.unsafe('rollback').catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new PushError(`${label} failed at statement ${index + 1}: ${reason}\n${statements[index] ?? ''}`);
  }
}

export async function dbPush(sql: Sql, migrationsDir: string): Promise<string[]> {
  const conn = await sql.reserve();
  try {
    await conn.unsafe('create schema if not exists supabase_migrations');
    await conn.unsafe('create table if not exists supabase_migrations.schema_migrations (version text not null primary key)');
    await conn.unsafe('alter table supabase_migrations.schema_migrations add column if not exists statements text[]');
    await conn.unsafe('alter table supabase_migrations.schema_migrations add column if not exists name text');
    const done = new Set(
      (await conn.unsafe<{ version: string }[]>('select version from supabase_migrations.schema_migrations')).map((row) => row.version),
    );
    const applied: string[] = [];
    for (const migration of await listMigrations(migrationsDir)) {
      if (done.has(migration.version)) continue;
      const statements = splitSqlStatements(await readFile(path.join(migrationsDir, migration.file), 'utf8'));
      await runBatch(
        conn,
        statements,
        (tx) =>
          tx.unsafe('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
            migration.version,
            migration.name,
            statements as never,
          ]),
        migration.file,
      );
      applied.push(migration.file);
    }
    return applied;
  } finally {
    conn.release();
  }
}

/** The CLI's seed step: the file's statements in one batch, its hash recorded in supabase_migrations.seed_files. */
export async function dbSeed(sql: Sql, seedFile: string): Promise<void> {
  const text = await readFile(seedFile, 'utf8');
  const conn = await sql.reserve();
  try {
    await conn.unsafe('create table if not exists supabase_migrations.seed_files (path text not null primary key, hash text not null)');
    await runBatch(
      conn,
      splitSqlStatements(text),
      (tx) =>
        tx.unsafe(
          'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
          [path.basename(seedFile), createHash('sha256').update(text).digest('hex')],
        ),
      path.basename(seedFile),
    );
  } finally {
    conn.release();
  }
}

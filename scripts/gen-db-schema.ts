/**
 * Regenerates supabase/schema.sql (scripts/db-schema.ts says what it holds): a throwaway PostgreSQL 15 with two
 * databases, one with the local auth shim alone and one migrated, each dumped by that PostgreSQL's own pg_dump.
 * `--check` fails when the committed file is not current. The embedded PostgreSQL ships no pg_dump, and a pg_dump
 * refuses a newer server, so this needs Debian's postgresql-15 (scripts/install-ci-packages.sh installs it, as CI
 * does); without it `--check` says so and passes, except in CI (CI set), where it fails.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createSql } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { MIGRATIONS_DIR, ROOT_DIR, SHIM_DIR } from '../server/src/project-paths';
import { renderSchemaSnapshot } from './db-schema';
import { postgres15BinDir, startPostgres15Cluster, type Postgres15Cluster } from './hosted-shape/supabase-cluster';

const run = promisify(execFile);
const target = path.join(ROOT_DIR, 'supabase/schema.sql');
const check = process.argv.includes('--check');

async function dump(cluster: Postgres15Cluster, database: string, migrationsDir: string): Promise<string> {
  const sql = createSql(cluster.url('postgres', database), { max: 1 });
  try {
    await migrate(sql, { migrationsDir, shimDir: SHIM_DIR });
  } finally {
    await sql.end();
  }
  const { stdout } = await run(path.join(cluster.bin, 'pg_dump'), ['--schema-only', '--no-owner', `--dbname=${cluster.url('postgres', database)}`], {
    maxBuffer: 256 * 1024 * 1024,
  });
  return stdout;
}

async function render(): Promise<string> {
  const cluster = await startPostgres15Cluster('postgres');
  const empty = await mkdtemp(path.join(tmpdir(), 'db-schema-'));
  await chmod(empty, 0o755);
  try {
    const admin = createSql(cluster.url('postgres'), { max: 1 });
    try {
      await admin.unsafe('create database shim_only');
      await admin.unsafe('create database migrated');
    } finally {
      await admin.end();
    }
    // One after the other: the shim creates cluster-wide roles, which two databases cannot create at once.
    const base = await dump(cluster, 'shim_only', empty);
    const migrated = await dump(cluster, 'migrated', MIGRATIONS_DIR);
    return renderSchemaSnapshot(migrated, base);
  } finally {
    await cluster.stop();
    await rm(empty, { recursive: true, force: true });
  }
}

try {
  postgres15BinDir();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (!check || process.env.CI) {
    console.error(`supabase/schema.sql cannot be generated: ${message}`);
    process.exit(1);
  }
  console.warn(`supabase/schema.sql not checked (CI checks it): ${message}`);
  process.exit(0);
}

const rendered = await render();
if (check) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== rendered) {
    console.error('supabase/schema.sql is not current: run npm run db:schema and commit it');
    process.exitCode = 1;
  } else {
    console.log('supabase/schema.sql is up to date');
  }
} else {
  await writeFile(target, rendered);
  console.log(`wrote ${path.relative(ROOT_DIR, target)}`);
}

/**
 * Regenerates src/types/database.ts from the migrations: a throwaway embedded PostgreSQL,
 * migrated, then read. `--check` fails when the committed file is out of date.
 */
import { mkdtemp, readFile, rm, chmod, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSql } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { MIGRATIONS_DIR, ROOT_DIR, SHIM_DIR } from '../server/src/project-paths';
import { renderDatabaseTypes } from './db-types';

const target = path.join(ROOT_DIR, 'src/types/database.ts');
const check = process.argv.includes('--check');

const dir = await mkdtemp(path.join(tmpdir(), 'db-types-'));
await chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), password: 'types', fast: true, keepExitHooks: true });
const sql = createSql(pg.url, { max: 2 });
try {
  await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
  const rendered = await renderDatabaseTypes(sql);
  if (check) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current !== rendered) {
      console.error('src/types/database.ts is out of date: run npm run db:types');
      process.exitCode = 1;
    } else {
      console.log('src/types/database.ts is up to date');
    }
  } else {
    await writeFile(target, rendered);
    console.log(`wrote ${path.relative(ROOT_DIR, target)}`);
  }
} finally {
  await sql.end();
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
}

import path from 'node:path';
import { ConfigError, type Config } from '../config';
import { createSql, ensureDatabase, withDatabase, type Sql } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../db/embedded';
import { EMBEDDED_DATABASE, runningEmbeddedDatabase } from '../db/embedded-database';
import { ensureDataDir, resolvePostgresPassword } from '../data-dir';

export interface OpenDatabase {
  sql: Sql;
  /** Closes the connections, and stops PostgreSQL when this command started it. */
  close(): Promise<void>;
}

async function connected(url: string, describe: (reason: string) => string): Promise<Sql> {
  const sql = createSql(url, { max: 2, applicationName: 'beyond-brochures admin:create' });
  try {
    await sql`select 1`;
    return sql;
  } catch (error) {
    await sql.end({ timeout: 1 }).catch(() => {});
    throw new ConfigError(describe(error instanceof Error ? error.message : String(error)));
  }
}

/**
 * The database a command works on, as the server finds it: DATABASE_URL when set; otherwise the embedded
 * PostgreSQL of DATA_DIR — reached where it runs (the server is up), or started for the command and stopped after.
 */
export async function openDatabase(config: Config, log: (message: string) => void): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const sql = await connected(
      config.databaseUrl,
      (reason) => `Cannot connect to DATABASE_URL: ${reason}. Check that PostgreSQL is running and the URL, user and password are right.`,
    );
    return { sql, close: () => sql.end({ timeout: 5 }) };
  }

  const databaseDir = path.join(config.dataDir, 'postgres');
  const running = await runningEmbeddedDatabase(config.dataDir);
  if (running) {
    log(`The embedded PostgreSQL of ${config.dataDir} is already running (pid ${running.pid}, port ${running.port}; the server is probably started): using it.`);
    const sql = await connected(
      running.url,
      (reason) =>
        `The embedded PostgreSQL of ${config.dataDir} is running (pid ${running.pid}) but cannot be reached on port ${running.port}: ${reason}. Stop the server and run this command again.`,
    );
    return { sql, close: () => sql.end({ timeout: 5 }) };
  }

  log(`Starting the embedded PostgreSQL of ${config.dataDir} (the server is not running; it is stopped again afterwards)…`);
  await ensureDataDir(config.dataDir);
  let pg: EmbeddedPostgresHandle | undefined;
  try {
    // keepExitHooks: Ctrl-C while it runs still stops PostgreSQL.
    pg = await startEmbeddedPostgres({ databaseDir, password: await resolvePostgresPassword(config.dataDir), keepExitHooks: true });
    await ensureDatabase(pg.url, EMBEDDED_DATABASE);
    const sql = await connected(withDatabase(pg.url, EMBEDDED_DATABASE), (reason) => `Cannot connect to the embedded PostgreSQL: ${reason}`);
    const handle = pg;
    return {
      sql,
      async close() {
        await sql.end({ timeout: 5 }).catch(() => {});
        await handle.stop();
      },
    };
  } catch (error) {
    await pg?.stop().catch(() => {});
    throw error;
  }
}

import { ConfigError, type Config } from '../config';
import { createSql, type Sql } from '../db/client';
import { runningEmbeddedDatabase } from '../db/embedded-database';

/**
 * Why a URL cannot carry a worker, or null. Supabase's transaction pooler (Supavisor on port 6543, or any URL marked
 * pgbouncer=true) hands each transaction to whichever server connection is free: a LISTEN would be lost with its
 * transaction, so the worker would never hear of new jobs, and session advisory locks would not hold.
 */
export function transactionPoolerProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.port === '6543' || parsed.searchParams.get('pgbouncer') === 'true') {
    return (
      'DATABASE_URL points at a transaction pooler (port 6543 / pgbouncer=true), which cannot keep the LISTEN the worker ' +
      'waits on. Use the direct connection (db.<project>.supabase.co:5432) or the session pooler (port 5432).'
    );
  }
  return null;
}

/**
 * SQLSTATEs of a database that is there but cannot take us yet: too many connections (53300: its other clients will
 * let some go) and still starting up or recovering (57P03). Worth waiting for; anything else is reported at once.
 */
const BUSY_CODES = new Set(['53300', '57P03']);

export function isBusyDatabaseError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && BUSY_CODES.has(String((error as { code?: unknown }).code));
}

export interface BusyRetryOptions {
  /** How long a busy database is waited for before the worker gives up (default 60 s). */
  busyTimeoutMs?: number;
  onBusy?: (reason: string) => void;
}

/** Runs `attempt` until it succeeds, fails for another reason than a busy database, or the wait is over. */
export async function withBusyRetry<T>(attempt: () => Promise<T>, options: BusyRetryOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.busyTimeoutMs ?? 60_000);
  for (let pause = 250; ; pause = Math.min(pause * 2, 4_000)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusyDatabaseError(error) || Date.now() + pause > deadline) throw error;
      options.onBusy?.(error instanceof Error ? error.message : String(error));
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** `postgres://user:***@host…`: a URL as it may be printed. */
export function maskedUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/**
 * The database `npm run worker` serves: DATABASE_URL, or else the embedded PostgreSQL of DATA_DIR while a server runs
 * it. Checked before the worker starts: reachable, PostgreSQL 15 or newer, this version's migrations applied.
 */
export async function openWorkerDatabase(
  config: Config,
  options: BusyRetryOptions = {},
): Promise<{ url: string; sql: Sql; joinsLocalServer: boolean }> {
  let url = config.databaseUrl;
  if (!url) {
    const running = await runningEmbeddedDatabase(config.dataDir);
    if (!running) {
      throw new ConfigError(
        `Set DATABASE_URL to the database to work for (e.g. a hosted Supabase project's direct connection), or start the server first (npm start) and the worker joins its embedded PostgreSQL in ${config.dataDir}.`,
      );
    }
    url = running.url;
  }
  const pooler = transactionPoolerProblem(url);
  if (pooler) throw new ConfigError(pooler);
  const sql = createSql(url, { max: 6, applicationName: 'beyond-brochures worker' });
  try {
    const [row] = await withBusyRetry(
      () => sql<{ version: number; migrated: boolean }[]>`
        select current_setting('server_version_num')::int as version, to_regprocedure('private.enqueue_job(text, jsonb, timestamptz, text, integer)') is not null as migrated`,
      options,
    );
    if (row!.version < 150000) throw new ConfigError(`${maskedUrl(url)} is PostgreSQL ${Math.floor(row!.version / 10000)}; version 15 or newer is needed.`);
    if (!row!.migrated) {
      throw new ConfigError(`${maskedUrl(url)} does not have this version's migrations: apply supabase/migrations first (npm run hosted:setup, supabase db push, or npm start once).`);
    }
    return { url, sql, joinsLocalServer: !config.databaseUrl };
  } catch (error) {
    await sql.end({ timeout: 1 }).catch(() => {});
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`Cannot connect to ${maskedUrl(url)}: ${error instanceof Error ? error.message : String(error)}. Check the host, port, user and password.`);
  }
}

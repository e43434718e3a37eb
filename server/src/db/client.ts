import postgres from 'postgres';

export type Sql = postgres.Sql;

export interface SqlOptions {
  max?: number;
  applicationName?: string;
}

/** The one way the server opens PostgreSQL connections (postgres.js: prepared statements, pipelining). */
export function createSql(url: string, options: SqlOptions = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    idle_timeout: 30,
    // Bounded so a request never waits long on a database that does not answer.
    connect_timeout: 3,
    // Reconnection attempts after failures wait at most 1 s (postgres.js' default grows to 20 s, which
    // outlasts a database restart by far).
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? 'beyond-brochures' },
  });
}

/** Replaces the database name of a postgres:// URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const sql = createSql(adminUrl, { max: 1 });
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${database}`;
    if (!row) await sql.unsafe(`create database ${quoteIdent(database)}`);
  } finally {
    await sql.end();
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

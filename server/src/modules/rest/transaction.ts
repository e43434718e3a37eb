import type { Sql } from '../../db/client';
import type { RequestAuth } from './request-auth';

/**
 * One request = one transaction on one connection, pipelined (docs/decisions/0001): `begin`, the settings
 * (role, claims, request.*, statement_timeout), the configured pre-request function (PostgREST's
 * `db-pre-request`, see db-config.ts), the statement and `commit` are written together and their replies read
 * together, so the common path costs one round trip. A failing step aborts
 * the transaction; later steps then fail with 25P02 and `commit` becomes a rollback, so the first error is
 * the one reported. Singular writes wait for the statement, then commit or roll back (two round trips).
 */

export interface RequestSettings {
  method: string;
  path: string;
  headers: string;
  cookies: string;
}

export interface ResultRow {
  total: number | null;
  page_total: number;
  body: string;
}

/** Per-role statement timeouts, as Supabase sets them on its roles. */
export const STATEMENT_TIMEOUTS: Record<RequestAuth['role'], string> = {
  anon: '3s',
  authenticated: '8s',
  service_role: '8s',
};

const SETTINGS_SQL =
  `select set_config('search_path', $1, true), set_config('statement_timeout', $2, true), ` +
  `set_config('role', $3, true), set_config('request.jwt.claims', $4, true), set_config('request.method', $5, true), ` +
  `set_config('request.path', $6, true), set_config('request.headers', $7, true), set_config('request.cookies', $8, true)`;

const UNKNOWN_OID = 705;

export interface RunOptions {
  readOnly: boolean;
  auth: RequestAuth;
  settings: RequestSettings;
  statement: { text: string; values: string[] };
  /** Quoted name of the pre-request function (`"private"."require_active_session"`), run after the settings. */
  preRequest: string | undefined;
  /** Called with the statement's row before commit; returning false rolls the transaction back. */
  keep?: (row: ResultRow) => boolean;
}

function firstError(results: PromiseSettledResult<unknown>[]): unknown {
  for (const result of results) if (result.status === 'rejected') return result.reason;
  return undefined;
}

export async function runInTransaction(sql: Sql, options: RunOptions): Promise<{ row: ResultRow; committed: boolean }> {
  const { auth } = options;
  const conn = await sql.reserve();
  try {
    const steps: Promise<unknown>[] = [];
    steps.push(conn.unsafe(options.readOnly ? 'begin isolation level read committed read only' : 'begin isolation level read committed').execute());
    steps.push(
      conn
        .unsafe(
          SETTINGS_SQL,
          [
            'public, extensions',
            STATEMENT_TIMEOUTS[auth.role],
            auth.role,
            auth.claims,
            options.settings.method,
            options.settings.path,
            options.settings.headers,
            options.settings.cookies,
          ],
          { prepare: true },
        )
        .execute(),
    );
    // As PostgREST: every request, whatever its role, inside the transaction; raising aborts the request.
    if (options.preRequest) steps.push(conn.unsafe(`select ${options.preRequest}()`, [], { prepare: true }).execute());
    // Every value is declared `unknown` (OID 705), as PostgREST does: PostgreSQL infers its type from the
    // column, and postgres.js sends the text as is instead of re-serialising it for the inferred type.
    const values = options.statement.values.map((value) => conn.typed(value, UNKNOWN_OID));
    const main = conn.unsafe<ResultRow[]>(options.statement.text, values as never[], { prepare: true }).execute();
    steps.push(main);

    if (!options.keep) {
      steps.push(conn.unsafe('commit').execute());
      const results = await Promise.allSettled(steps);
      const error = firstError(results);
      if (error !== undefined) throw error;
      return { row: (await main)[0]!, committed: true };
    }

    const results = await Promise.allSettled(steps);
    const error = firstError(results);
    if (error !== undefined) {
      await conn.unsafe('rollback').catch(() => {});
      throw error;
    }
    const row = (await main)[0]!;
    const committed = options.keep(row);
    await conn.unsafe(committed ? 'commit' : 'rollback');
    return { row, committed };
  } finally {
    conn.release();
  }
}

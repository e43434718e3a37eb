import type { Sql } from '../../db/client';
import type { RequestAuth } from './request-auth';

/**
 * One request = one transaction on one connection, pipelined (docs/decisions/0001): `begin`, the settings
 * (role, claims, request.*, statement_timeout), the pre-request step (the session check), the statement,
 * its EXPLAIN for planned counts, and `commit` are written together and their replies read together, so the
 * common path costs one round trip. A failing step aborts the transaction; later steps then fail with 25P02
 * and `commit` becomes a rollback, so the first error is the one reported. When the end depends on the
 * result (a singular answer, `max-affected`), the transaction waits for the statement, then commits or
 * rolls back: two round trips. `Prefer: tx=rollback` rolls back in the same round trip.
 */

export interface RequestSettings {
  method: string;
  path: string;
  headers: string;
  cookies: string;
  /** `search_path`: the request's schema, then Supabase's extra search path. */
  searchPath: string;
  /** `Prefer: timezone` when the zone exists. */
  timezone: string | null;
}

export interface ResultRow {
  total: number | null;
  page_total: number;
  body: string;
  /** Rows an upsert inserted (PostgREST's `pgrst.inserted`), when counted. */
  inserted?: number | null;
}

export type TransactionEnd = 'commit' | 'rollback';

export interface RunOptions {
  readOnly: boolean;
  auth: RequestAuth;
  settings: RequestSettings;
  statement: { text: string; values: string[] };
  /** `EXPLAIN (FORMAT JSON)` of the count query (planned and estimated counts). */
  explain: { text: string; values: string[] } | null;
  /** The shim's `auth.require_active_session()` exists: check the session inside the pipeline. */
  sessionCheckInPipeline: boolean;
  /** How the transaction ends; a function decides from the statement's row (one more round trip). */
  end: TransactionEnd | ((row: ResultRow) => TransactionEnd);
}

export interface TransactionResult {
  row: ResultRow;
  /** The planner's row estimate of the count query. */
  plannedRows: number | null;
  committed: boolean;
}

/** Per-role statement timeouts, as Supabase sets them on its roles. */
export const STATEMENT_TIMEOUTS: Record<RequestAuth['role'], string> = {
  anon: '3s',
  authenticated: '8s',
  service_role: '8s',
};

const SETTINGS =
  `select set_config('search_path', $1, true), set_config('statement_timeout', $2, true), ` +
  `set_config('role', $3, true), set_config('request.jwt.claims', $4, true), set_config('request.method', $5, true), ` +
  `set_config('request.path', $6, true), set_config('request.headers', $7, true), set_config('request.cookies', $8, true)`;
const SETTINGS_WITH_TIMEZONE = `${SETTINGS}, set_config('timezone', $9, true)`;

const UNKNOWN_OID = 705;

/** The pre-request step: the local shim's session check (shaped like a PostgREST `db-pre-request` function). */
const PRE_REQUEST_SQL = 'select auth.require_active_session()';

const FALLBACK_SESSION_SQL =
  `select exists (select 1 from auth.sessions s where s.id = $1::uuid and s.user_id = $2::uuid ` +
  `and (s.not_after is null or s.not_after > now())) as active`;

export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

function firstError(results: PromiseSettledResult<unknown>[]): unknown {
  for (const result of results) if (result.status === 'rejected') return result.reason;
  return undefined;
}

function settingsValues(options: RunOptions): string[] {
  const { auth, settings } = options;
  const values = [
    settings.searchPath,
    STATEMENT_TIMEOUTS[auth.role],
    auth.role,
    auth.claims,
    settings.method,
    settings.path,
    settings.headers,
    settings.cookies,
  ];
  if (settings.timezone !== null) values.push(settings.timezone);
  return values;
}

/** `Plan Rows` of an `EXPLAIN (FORMAT JSON)` result. */
export function plannedRowsOf(plan: unknown): number | null {
  const rows = (plan as [{ Plan?: { 'Plan Rows'?: unknown } }] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : null;
}

export async function runInTransaction(sql: Sql, options: RunOptions): Promise<TransactionResult> {
  const { auth } = options;
  if (auth.session && !options.sessionCheckInPipeline) {
    // Without the shim function (a Supabase database): one extra round trip before the transaction.
    const [found] = await sql.unsafe<{ active: boolean }[]>(FALLBACK_SESSION_SQL, [auth.session.id, auth.session.userId], { prepare: true });
    if (!found?.active) throw new SessionEndedError('session ended');
  }

  const conn = await sql.reserve();
  try {
    const typed = (values: string[]) => values.map((value) => conn.typed(value, UNKNOWN_OID)) as never[];
    const steps: Promise<unknown>[] = [];
    steps.push(conn.unsafe(options.readOnly ? 'begin isolation level read committed read only' : 'begin isolation level read committed').execute());
    const settingsSql = options.settings.timezone === null ? SETTINGS : SETTINGS_WITH_TIMEZONE;
    steps.push(conn.unsafe(settingsSql, settingsValues(options), { prepare: true }).execute());
    if (auth.session && options.sessionCheckInPipeline) steps.push(conn.unsafe(PRE_REQUEST_SQL).execute());
    // Every value is declared `unknown` (OID 705), as PostgREST does: PostgreSQL infers its type from the
    // column, and postgres.js sends the text as is instead of re-serialising it for the inferred type.
    const main = conn.unsafe<ResultRow[]>(options.statement.text, typed(options.statement.values), { prepare: true }).execute();
    steps.push(main);
    const explain = options.explain
      ? conn.unsafe<{ 'QUERY PLAN': unknown }[]>(options.explain.text, typed(options.explain.values), { prepare: true }).execute()
      : null;
    if (explain) steps.push(explain);
    const plannedRows = async () => (explain ? plannedRowsOf((await explain)[0]?.['QUERY PLAN']) : null);

    if (typeof options.end === 'string') {
      if (options.end === 'rollback') steps.push(conn.unsafe('set constraints all immediate').execute());
      steps.push(conn.unsafe(options.end).execute());
      const error = firstError(await Promise.allSettled(steps));
      if (error !== undefined) throw error;
      return { row: (await main)[0]!, plannedRows: await plannedRows(), committed: options.end === 'commit' };
    }

    const error = firstError(await Promise.allSettled(steps));
    if (error !== undefined) {
      await conn.unsafe('rollback').catch(() => {});
      throw error;
    }
    const row = (await main)[0]!;
    const end = options.end(row);
    await conn.unsafe(end);
    return { row, plannedRows: await plannedRows(), committed: end === 'commit' };
  } finally {
    conn.release();
  }
}

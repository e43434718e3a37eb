import type { Step, StepResult } from '../../db/pipeline/connection';
import type { PipelinePool } from '../../db/pipeline/pool';
import type { RequestAuth } from './request-auth';

/**
 * One request = one transaction on one connection of the data API's pipeline (docs/decisions/0007): `begin`,
 * the settings (role, claims, request.*, statement_timeout), the configured pre-request function (PostgREST's
 * `db-pre-request`, see db-config.ts: the session check), the statement, its EXPLAIN for planned counts, and `commit` go out in one write with one Sync and their replies
 * come back together: one round trip. A failing step makes PostgreSQL skip the rest, so the first error is
 * the one reported, and the transaction is rolled back. When the end depends on the result (a singular
 * answer, `max-affected`), the statement's reply is read first, then `commit` or `rollback` is sent: two round
 * trips. `Prefer: tx=rollback` rolls back in the same round trip.
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
  /** The response body as PostgreSQL wrote it. */
  body: string;
  /** `response.headers` and `response.status` as SQL set them (PostgREST's response GUCs), or null. */
  responseHeaders?: string | null;
  responseStatus?: string | null;
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
  /** Quoted name of the pre-request function (`"private"."require_active_session"`), run after the settings. */
  preRequest: string | undefined;
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

function settingsValues(options: Pick<RunOptions, 'auth' | 'settings'>): string[] {
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

/** The steps of a transaction up to its end (`begin`, settings, pre-request, statement, EXPLAIN). */
export function transactionSteps(options: RunOptions): Step[] {
  const steps: Step[] = [
    { text: options.readOnly ? 'begin isolation level read committed read only' : 'begin isolation level read committed', values: [] },
    { text: options.settings.timezone === null ? SETTINGS : SETTINGS_WITH_TIMEZONE, values: settingsValues(options) },
  ];
  // As PostgREST: every request, whatever its role, inside the transaction; raising aborts the request.
  if (options.preRequest) steps.push({ text: `select ${options.preRequest}()`, values: [] });
  steps.push({ text: options.statement.text, values: options.statement.values });
  if (options.explain) steps.push({ text: options.explain.text, values: options.explain.values });
  return steps;
}

const END_STEPS: Record<TransactionEnd, Step[]> = {
  commit: [{ text: 'commit', values: [] }],
  // PostgREST checks deferred constraints before rolling back, so a request that would fail still fails.
  rollback: [
    { text: 'set constraints all immediate', values: [] },
    { text: 'rollback', values: [] },
  ],
};

const number = (field: string | null) => (field === null ? null : Number(field));

function resultRow(fields: (string | null)[] | undefined): ResultRow {
  const [total = null, pageTotal = null, body = null, headers = null, status = null, inserted] = fields ?? [];
  const row: ResultRow = { total: number(total), page_total: number(pageTotal) ?? 0, body: body ?? '' };
  if (headers !== null) row.responseHeaders = headers;
  if (status !== null) row.responseStatus = status;
  if (inserted !== undefined) row.inserted = number(inserted);
  return row;
}

function firstError(results: StepResult[]): Error | undefined {
  return results.find((result) => result.error)?.error;
}

export async function runInTransaction(pool: PipelinePool, options: RunOptions): Promise<TransactionResult> {
  const steps = transactionSteps(options);
  const mainIndex = steps.length - (options.explain ? 2 : 1);
  return pool.use(async (connection) => {
    const decidesLater = typeof options.end === 'function';
    const results = await connection.run(decidesLater ? steps : [...steps, ...END_STEPS[options.end as TransactionEnd]]);
    const error = firstError(results);
    if (error) {
      if (connection.transactionStatus !== 'I') await connection.run([{ text: 'rollback', values: [] }]);
      throw error;
    }
    const row = resultRow(results[mainIndex]!.rows[0]);
    const plan = options.explain ? results[mainIndex + 1]!.rows[0]?.[0] : undefined;
    const plannedRows = plan ? plannedRowsOf(JSON.parse(plan)) : null;
    let end = options.end as TransactionEnd;
    if (typeof options.end === 'function') {
      end = options.end(row);
      const endError = firstError(await connection.run(END_STEPS[end]));
      if (endError) {
        if (connection.transactionStatus !== 'I') await connection.run([{ text: 'rollback', values: [] }]);
        throw endError;
      }
    }
    return { row, plannedRows, committed: end === 'commit' };
  });
}

/**
 * Only the pre-request function (the session check), in a read-only transaction that is rolled back: for a
 * request refused before it has a statement because of its method, so a signed-out or deleted user's token gets
 * its 401 as on every other verb instead of learning how the API routes (PostgREST authenticates first).
 */
export async function runPreRequestOnly(
  pool: PipelinePool,
  options: Pick<RunOptions, 'auth' | 'settings'> & { preRequest: string },
): Promise<void> {
  const steps: Step[] = [
    { text: 'begin isolation level read committed read only', values: [] },
    { text: options.settings.timezone === null ? SETTINGS : SETTINGS_WITH_TIMEZONE, values: settingsValues(options) },
    { text: `select ${options.preRequest}()`, values: [] },
    { text: 'rollback', values: [] },
  ];
  await pool.use(async (connection) => {
    const error = firstError(await connection.run(steps));
    if (error) {
      if (connection.transactionStatus !== 'I') await connection.run([{ text: 'rollback', values: [] }]);
      throw error;
    }
  });
}

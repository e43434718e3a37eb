import type { MediaType } from '../request-types';

/**
 * The statement every request runs (PostgREST `Statements.hs`): the source rows as `pgrst_source`, then one
 * row with the total (when counted), the number of rows and the response body built by PostgreSQL.
 */

/** PostgREST's `db-max-rows` on Supabase: at most this many rows per read (unless `pgrst.db_max_rows` says). */
export const MAX_ROWS = 1000;

export interface Statement {
  text: string;
  values: string[];
  readOnly: boolean;
  media: MediaType;
  /** Returns no body at all (a `void` function → 204, HEAD). */
  noBody: boolean;
  isVoid: boolean;
  /** What the `total` column holds. */
  count: 'exact' | 'estimated' | 'planned' | null;
  /** For planned and estimated counts: `EXPLAIN (FORMAT JSON)` of the count query, run in the same transaction. */
  explain: { text: string; values: string[] } | null;
  /** Offset used for Content-Range of reads. */
  offset: number;
  /** Primary key columns returned for `Prefer: return=headers-only` (Location header). */
  locationColumns: string[] | null;
  /** For `request.path` and `Content-Location`. */
  path: string;
  /** The insert was an upsert whose resolution applies (a key to resolve on). */
  resolutionApplies: boolean;
  /** `Prefer: timezone` when the zone exists: set for the transaction. */
  timezone: string | null;
  /** The function returns a set (`max-affected` applies to functions returning sets only). */
  returnsSet: boolean;
  /** `db-max-rows` it was built with: an estimated count is exact up to it. */
  maxRows: number | null;
}

export interface BodyOptions {
  media: MediaType;
  /** No body (HEAD, a void function, return=minimal). */
  none?: boolean;
  /** Rows carry one `pgrst_scalar` column (a function returning a scalar or a set of scalars). */
  scalar?: boolean;
  /** A function returning one value or one row: the body is that value, not an array. */
  single?: boolean;
}

/** The body column (PostgREST `asJsonF`, `asJsonSingleF`, `asCsvF`), over `_postgrest_t` rows of `pgrst_source`. */
export function bodySql(options: BodyOptions): string {
  if (options.none) return `''`;
  const media = options.media;
  if (media.kind === 'csv') {
    const header =
      `(SELECT coalesce(pg_catalog.string_agg(a.k, ','), '') FROM (SELECT pg_catalog.json_object_keys(r)::text AS k ` +
      `FROM (SELECT pg_catalog.row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a)`;
    const rows = `coalesce(pg_catalog.string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), E'\\n'), '')`;
    return `${header} || E'\\n' || ${rows}`;
  }
  const value = options.scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  const strip = (sql: string) => (media.stripNulls ? `pg_catalog.json_strip_nulls(${sql})` : sql);
  if (media.kind === 'object' || options.single) return `coalesce((${strip(`pg_catalog.json_agg(${value})->0`)})::text, 'null')`;
  return `coalesce(${strip(`pg_catalog.json_agg(${value})`)}::text, '[]')`;
}

/**
 * `WITH pgrst_source AS (…) SELECT total, page_total, body, response.headers, response.status[, inserted] FROM (…)`:
 * the two `response.*` settings are how SQL (a function, a trigger) sets the answer's headers and status, read
 * after the rows, as PostgREST does.
 */
export function wrap(source: string, total: string, body: string, rows = 'SELECT * FROM pgrst_source', inserted = false): string {
  const setting = (name: string) => `nullif(pg_catalog.current_setting('${name}', true), '')`;
  return (
    `WITH pgrst_source AS (${source}) SELECT ${total} AS total, pg_catalog.count(_postgrest_t)::int AS page_total, ` +
    `${body} AS body, ${setting('response.headers')} AS response_headers, ${setting('response.status')} AS response_status` +
    `${inserted ? `, ${setting('pgrst.inserted')}::int AS inserted` : ''} FROM (${rows}) _postgrest_t`
  );
}

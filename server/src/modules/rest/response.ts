import { rangeNotSatisfiable, RestError, singularityError } from './errors';
import { contentTypeOf } from './parse/media';
import { appliedPreferences } from './parse/prefer';
import type { ApiRequest } from './request-types';
import type { Statement } from './sql/statement';
import type { ResultRow } from './transaction';

/** Status, headers and body of a successful statement (PostgREST `Response.hs`, contract §3.2). */

export interface RestResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string | null;
}

/**
 * `response.status` and `response.headers` set by SQL (PostgREST's response GUCs): the status replaces the
 * answer's; each header replaces the answer's of the same name (a name given twice is sent twice). Malformed
 * values are PGRST111 / PGRST112, 500, as in PostgREST.
 */
export function withSqlOverrides(response: RestResponse, row: ResultRow): RestResponse {
  if (row.responseStatus != null) {
    const status = /^\d{3}$/.test(row.responseStatus.trim()) ? Number(row.responseStatus.trim()) : NaN;
    if (!(status >= 100 && status <= 599)) throw new RestError(500, { code: 'PGRST112', message: 'response.status guc must be a valid status code' });
    response.status = status;
  }
  if (row.responseHeaders != null) {
    const invalid = () =>
      new RestError(500, {
        code: 'PGRST111',
        message: 'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      });
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.responseHeaders);
    } catch {
      throw invalid();
    }
    if (!Array.isArray(parsed)) throw invalid();
    const fromSql: Record<string, string[]> = {};
    for (const item of parsed) {
      const entries = typeof item === 'object' && item !== null && !Array.isArray(item) ? Object.entries(item as object) : [];
      if (entries.length !== 1 || typeof entries[0]![1] !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(entries[0]![0])) throw invalid();
      const [name, value] = entries[0] as [string, string];
      (fromSql[name] ??= []).push(value);
    }
    for (const [name, values] of Object.entries(fromSql)) {
      for (const existing of Object.keys(response.headers)) if (existing.toLowerCase() === name.toLowerCase()) delete response.headers[existing];
      response.headers[name] = values.length === 1 ? values[0]! : values;
    }
  }
  return response;
}

/** `Content-Range` as PostgREST writes it: `0-24/3573`, `0-24/*`, `*∕0`, `*∕*`. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

/** Whether a singular (`vnd.pgrst.object`) request got exactly one row: otherwise its writes are rolled back. */
export function isSingularSatisfied(request: ApiRequest, row: ResultRow): boolean {
  return request.media.kind !== 'object' || row.page_total === 1;
}

/** `max-affected` with `handling=strict` on PATCH, DELETE and /rpc: more rows changed means nothing is kept. */
export function exceedsMaxAffected(request: ApiRequest, row: ResultRow): boolean {
  const p = request.preferences;
  const applies = request.action === 'update' || request.action === 'delete' || request.action === 'call';
  return applies && p.handling === 'strict' && p.maxAffected !== undefined && row.page_total > p.maxAffected;
}

/** The total of a counted read: exact, the planner's estimate, or (estimated) exact up to db-max-rows. */
export function totalOf(statement: Statement, row: ResultRow, plannedRows: number | null): number | null {
  switch (statement.count) {
    case 'exact':
      return row.total;
    case 'planned':
      return plannedRows === null ? null : Math.round(plannedRows);
    case 'estimated':
      return row.total !== null && statement.maxRows !== null && row.total > statement.maxRows && plannedRows !== null ? Math.max(row.total, Math.round(plannedRows)) : row.total;
    default:
      return null;
  }
}

function locationHeader(statement: Statement, body: string): string | undefined {
  if (!statement.locationColumns) return undefined;
  const rows = JSON.parse(body) as Record<string, unknown>[];
  if (rows.length !== 1) return undefined;
  const query = statement.locationColumns
    .map((name) => {
      const value = rows[0]![name];
      return `${encodeURIComponent(name)}=${value === null ? 'is.null' : `eq.${encodeURIComponent(String(value))}`}`;
    })
    .join('&');
  return `${statement.path}?${query}`;
}

export function buildResponse(
  request: ApiRequest,
  statement: Statement,
  row: ResultRow,
  query: string,
  plannedRows: number | null = null,
  /** `Prefer: tx=` was applied (`db-tx-end` allows an override). */
  txApplied = true,
): RestResponse {
  if (request.media.kind === 'object' && row.page_total !== 1) throw singularityError(row.page_total);
  const headers: Record<string, string> = {};
  const applied = appliedPreferences(request, { timezoneApplied: statement.timezone !== null, resolutionApplies: statement.resolutionApplies, txApplied });
  if (applied) headers['Preference-Applied'] = applied;
  const contentType = contentTypeOf(request.media);
  const count = statement.count ? row.page_total : null;

  if (request.action === 'read' || request.action === 'call') {
    const lower = statement.offset;
    const upper = lower + row.page_total - 1;
    const total = totalOf(statement, row, plannedRows);
    if (total !== null && lower > total && !(lower === 0 && total === 0)) {
      throw rangeNotSatisfiable(`An offset of ${lower} was requested, but there are only ${total} rows.`);
    }
    headers['Content-Range'] = contentRange(lower, upper, total);
    if (request.action === 'read') headers['Content-Location'] = `${statement.path}${query ? `?${query}` : ''}`;
    if (statement.isVoid) return { status: 204, headers, body: null };
    const status = total !== null && 1 + upper - lower < total ? 206 : 200;
    headers['Content-Type'] = contentType;
    return { status, headers, body: statement.noBody ? null : row.body };
  }

  if (request.action === 'insert') {
    headers['Content-Range'] = contentRange(1, 0, count);
    // An upsert that only updated rows answers 200 (PostgREST counts inserted rows in `pgrst.inserted`).
    const status = row.inserted !== undefined && row.inserted !== null && row.inserted <= 0 ? 200 : 201;
    if (statement.locationColumns) {
      const location = locationHeader(statement, row.body);
      if (location) headers.Location = location;
      return { status, headers, body: null };
    }
    if (statement.noBody) return { status, headers, body: null };
    headers['Content-Type'] = contentType;
    return { status, headers, body: row.body };
  }

  headers['Content-Range'] = request.action === 'update' ? contentRange(0, row.page_total - 1, count) : contentRange(1, 0, count);
  if (statement.noBody) return { status: 204, headers, body: null };
  headers['Content-Type'] = contentType;
  return { status: 200, headers, body: row.body };
}

import { rangeNotSatisfiable, singularityError } from './errors';
import type { ApiRequest } from './query-parser';
import type { Statement } from './sql-builder';
import type { ResultRow } from './transaction';

/** Status, headers and body of a successful statement (PostgREST `Response.hs`, contract §3.2). */

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** `Content-Range` as PostgREST writes it: `0-24/3573`, `0-24/*`, `*∕0`, `*∕*`. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

function appliedPreferences(request: ApiRequest): string | undefined {
  const applied: string[] = [];
  const p = request.preferences;
  if (p.return && request.action !== 'read') applied.push(`return=${p.return}`);
  if (p.count) applied.push('count=exact');
  if (p.missing && (request.action === 'insert' || request.action === 'update')) applied.push(`missing=${p.missing}`);
  if (p.resolution && request.action === 'insert') applied.push(`resolution=${p.resolution}`);
  return applied.length ? applied.join(', ') : undefined;
}

/** Whether a singular (`vnd.pgrst.object`) request got exactly one row: otherwise its writes are rolled back. */
export function isSingularSatisfied(request: ApiRequest, row: ResultRow): boolean {
  return !request.singular || row.page_total === 1;
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

export function buildResponse(request: ApiRequest, statement: Statement, row: ResultRow, query: string): RestResponse {
  if (request.singular && row.page_total !== 1) throw singularityError(row.page_total);
  const headers: Record<string, string> = {};
  const preferenceApplied = appliedPreferences(request);
  if (preferenceApplied) headers['Preference-Applied'] = preferenceApplied;
  const jsonType = request.singular ? 'application/vnd.pgrst.object+json; charset=utf-8' : 'application/json; charset=utf-8';
  const count = statement.counted ? row.page_total : null;

  if (request.action === 'read' || request.action === 'call') {
    const lower = statement.offset;
    const upper = lower + row.page_total - 1;
    const total = statement.counted ? row.total : null;
    if (total !== null && lower > total) {
      throw rangeNotSatisfiable(`An offset of ${lower} was requested, but there are only ${total} rows.`);
    }
    headers['Content-Range'] = contentRange(lower, upper, total);
    if (request.action === 'read') headers['Content-Location'] = `${statement.path}${query ? `?${query}` : ''}`;
    if (statement.isVoid) return { status: 204, headers, body: null };
    const status = total !== null && 1 + upper - lower < total ? 206 : 200;
    headers['Content-Type'] = jsonType;
    return { status, headers, body: request.method === 'HEAD' ? null : row.body };
  }

  if (request.action === 'insert') {
    headers['Content-Range'] = contentRange(1, 0, count);
    if (statement.locationColumns) {
      const location = locationHeader(statement, row.body);
      if (location) headers.Location = location;
      return { status: 201, headers, body: null };
    }
    if (statement.bodyShape === 'none') return { status: 201, headers, body: null };
    headers['Content-Type'] = jsonType;
    return { status: 201, headers, body: row.body };
  }

  // update, delete
  headers['Content-Range'] =
    request.action === 'update' ? contentRange(0, row.page_total - 1, count) : contentRange(1, 0, count);
  if (statement.bodyShape === 'none') return { status: 204, headers, body: null };
  headers['Content-Type'] = jsonType;
  return { status: 200, headers, body: row.body };
}

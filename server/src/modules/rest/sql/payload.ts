import type { Table } from '../catalogue/types';
import { invalidBody } from '../errors';
import { payloadColumnNotFound } from '../schema-errors';
import type { ApiRequest } from '../request-types';
import { quoteIdent } from './identifiers';

/**
 * JSON bodies of inserts and updates (PostgREST `Payload.hs` and `fromJsonBodyF`): one object or an array of
 * objects with the same keys (or `columns=`), each key a column; PostgreSQL reads the rows with
 * `json_to_recordset`, typed as the columns. The body is passed as one parameter, exactly as received.
 */

/** Deepest JSON body accepted (PostgreSQL's JSON parser is recursive). */
export const MAX_JSON_DEPTH = 256;

export interface RequestBody {
  /** The body exactly as received (valid JSON). */
  raw: string;
  value: unknown;
}

/** Nesting depth of a JSON text (strings skipped), without recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92) i++;
      else if (char === 34) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 || char === 91) max = Math.max(max, ++depth);
    else if (char === 125 || char === 93) depth--;
  }
  return max;
}

/** Parses a request body text; an invalid or too deeply nested body is PGRST102. */
export function parseBody(raw: string | undefined): RequestBody | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (jsonDepth(raw) > MAX_JSON_DEPTH) throw invalidBody(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function objectRows(body: RequestBody | undefined, allowArray: boolean): { rows: Record<string, unknown>[]; arrayText: string } {
  if (!body) throw invalidBody('Empty or invalid json');
  if (isObject(body.value)) return { rows: [body.value], arrayText: `[${body.raw}]` };
  if (allowArray && Array.isArray(body.value) && body.value.every(isObject)) return { rows: body.value, arrayText: body.raw };
  throw invalidBody(allowArray ? 'Expected a JSON object or an array of JSON objects' : 'Expected a JSON object');
}

/** Keys of the JSON body (or `columns=`), each a column of the table. */
export function payloadColumns(request: ApiRequest, table: Table, rows: Record<string, unknown>[]): string[] {
  let names: string[];
  if (request.columns) {
    names = [...new Set(request.columns)];
  } else {
    const first = rows[0] ? Object.keys(rows[0]) : [];
    const signature = [...first].sort().join('\u0000');
    for (const row of rows) {
      if (Object.keys(row).sort().join('\u0000') !== signature) throw invalidBody('All object keys must match');
    }
    names = first;
  }
  for (const name of names) {
    if (!table.columns.has(name)) throw payloadColumnNotFound(table.name, name);
  }
  return names;
}

/**
 * `… AS pgrst_body("a" text, …)`: the JSON rows typed as the table's columns; with `missing=default`, keys
 * absent from a row take the column's default (identity columns their sequence), as PostgREST's
 * `jsonb_build_object(defaults) || row`.
 */
export function recordsetSql(table: Table, names: string[], arrayParam: string, applyDefaults: boolean): string {
  const typed = names.map((name) => `${quoteIdent(name)} ${table.columns.get(name)!.type}`).join(', ');
  if (!applyDefaults) return `pg_catalog.json_to_recordset(${arrayParam}::json) AS pgrst_body(${typed})`;
  const defaults = names
    .map((name) => table.columns.get(name)!)
    .filter((column) => column.defaultExpression !== null)
    .map((column) => `'${column.name.replaceAll("'", "''")}', ${column.defaultExpression}`);
  const elements = defaults.length ? `pg_catalog.jsonb_build_object(${defaults.join(', ')}) || elem` : 'elem';
  return (
    `pg_catalog.jsonb_to_recordset((SELECT pg_catalog.jsonb_agg(${elements}) ` +
    `FROM pg_catalog.jsonb_array_elements(${arrayParam}::jsonb) AS elem)) AS pgrst_body(${typed})`
  );
}

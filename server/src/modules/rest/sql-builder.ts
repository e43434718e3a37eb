import {
  columnNotFound,
  functionNotFound,
  invalidBody,
  invalidRpcMethod,
  missingWhereClause,
  payloadColumnNotFound,
  RestError,
  tableNotFound,
  unsupported,
} from './errors';
import { closest } from './fuzzy';
import { parseFilter, type ApiRequest, type Condition, type Filter, type SelectItem } from './query-parser';
import type { Catalogue, Routine, Table } from './schema-cache';

/**
 * `ApiRequest` + schema catalogue → one parameterised statement, PostgREST style: every identifier is
 * checked against the catalogue and quoted, every value is a bound parameter (sent with the `unknown`
 * type so PostgreSQL infers it from the column), and the response body is built as JSON text by
 * PostgreSQL itself. The statement returns one row: `total` (count=exact or null), `page_total`, `body`.
 */

/** PostgREST's `db-max-rows` on Supabase: at most this many rows per read. */
export const MAX_ROWS = 1000;
/** Deepest JSON body accepted (PostgreSQL's JSON parser is recursive). */
export const MAX_JSON_DEPTH = 256;

export interface RequestBody {
  /** The body exactly as received (valid JSON). */
  raw: string;
  value: unknown;
}

export type BodyShape = 'array' | 'object' | 'none';

export interface Statement {
  text: string;
  values: string[];
  readOnly: boolean;
  /** How the `body` column is shaped: JSON array, one JSON object/value, or nothing to send. */
  bodyShape: BodyShape;
  /** Returns nothing at all (a `void` function → 204). */
  isVoid: boolean;
  /** The statement ends with a count column for count=exact. */
  counted: boolean;
  /** Offset used for Content-Range of reads. */
  offset: number;
  /** Primary key columns returned for `Prefer: return=headers-only` (Location header). */
  locationColumns: string[] | null;
  /** For `request.path`. */
  path: string;
}

const OPERATORS: Record<Exclude<Filter, { kind: 'in' | 'is' }>['operator'], string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  cs: '@>',
  cd: '<@',
  ov: '&&',
};

const IS_SQL = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' } as const;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('\0', '').replaceAll('"', '""')}"`;
}

/** A PostgreSQL array literal of text elements (`{"a","b \"c\""}`), passed as one `unknown` parameter. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
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

class Params {
  readonly values: string[] = [];
  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The names a statement may use for one source (a table or a function's result). */
interface Source {
  /** Name shown in errors (`column <label>.x does not exist`). */
  label: string;
  /** SQL qualifier of its columns, e.g. `"public"."content_items"` or `pgrst_call`. */
  qualifier: string;
  columns: ReadonlySet<string>;
}

function column(source: Source, name: string): string {
  if (!source.columns.has(name)) throw columnNotFound(source.label, name, closest(name, source.columns, 0.6));
  return `${source.qualifier}.${quoteIdent(name)}`;
}

function filterSql(source: Source, filter: Filter, params: Params): string {
  const target = column(source, filter.column);
  let expression: string;
  switch (filter.kind) {
    case 'is':
      expression = `${target} IS ${IS_SQL[filter.value]}`;
      break;
    case 'in':
      expression = filter.values.length
        ? `${target} = ANY (${params.add(arrayLiteral(filter.values))})`
        : `${target} = ANY ('{}')`;
      break;
    case 'op': {
      const value =
        filter.operator === 'like' || filter.operator === 'ilike' ? filter.value.replaceAll('*', '%') : filter.value;
      expression = `${target} ${OPERATORS[filter.operator]} ${params.add(value)}`;
      break;
    }
  }
  return filter.negated ? `NOT (${expression})` : expression;
}

function conditionSql(source: Source, condition: Condition, params: Params): string {
  if (condition.kind !== 'logic') return filterSql(source, condition, params);
  const joined = condition.children.map((child) => conditionSql(source, child, params)).join(condition.operator === 'and' ? ' AND ' : ' OR ');
  return `${condition.negated ? 'NOT ' : ''}(${joined})`;
}

function whereSql(source: Source, conditions: Condition[], params: Params): string {
  if (!conditions.length) return '';
  return ` WHERE ${conditions.map((condition) => conditionSql(source, condition, params)).join(' AND ')}`;
}

function orderSql(source: Source, request: ApiRequest): string {
  if (!request.order.length) return '';
  const terms = request.order.map((term) => {
    let sql = column(source, term.column);
    if (term.direction) sql += term.direction === 'asc' ? ' ASC' : ' DESC';
    if (term.nulls) sql += term.nulls === 'nullsfirst' ? ' NULLS FIRST' : ' NULLS LAST';
    return sql;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

/** The select list over `source` (the default `*` when the request has no `select`). */
function selectList(source: Source, items: SelectItem[] | null, starSql: string): string {
  const list = items ?? [{ kind: 'star' }];
  return list
    .map((item) => {
      if (item.kind === 'star') return starSql;
      const sql = column(source, item.column);
      return item.alias === undefined ? sql : `${sql} AS ${quoteIdent(item.alias)}`;
    })
    .join(', ');
}

function rangeSql(request: ApiRequest, params: Params): string {
  const limit = Math.min(request.range.limit ?? MAX_ROWS, MAX_ROWS);
  return ` LIMIT ${params.add(String(limit))} OFFSET ${params.add(String(request.range.offset))}`;
}

function bodySql(shape: BodyShape, head: boolean, scalar = false): string {
  const value = scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  if (head || shape === 'none') return `''`;
  if (shape === 'object') return `coalesce((pg_catalog.json_agg(${value}) -> 0)::text, 'null')`;
  return `coalesce(pg_catalog.json_agg(${value}), '[]')::text`;
}

function findTable(catalogue: Catalogue, name: string): Table {
  const table = catalogue.tables.get(name);
  if (!table) throw tableNotFound(name, closest(name, catalogue.tables.keys(), 0.75));
  return table;
}

function tableSource(table: Table): Source {
  return { label: table.name, qualifier: `"public".${quoteIdent(table.name)}`, columns: new Set(table.columns.keys()) };
}

function rejectRange(request: ApiRequest): void {
  if (request.range.limit !== null || request.range.offset > 0) {
    throw unsupported(`limit/offset on ${request.method}`);
  }
}

function buildRead(request: ApiRequest, table: Table): Statement {
  const params = new Params();
  const source = tableSource(table);
  const from = ` FROM ${source.qualifier}`;
  const where = whereSql(source, request.conditions, params);
  const select = selectList(source, request.select, `${source.qualifier}.*`);
  const counted = request.preferences.count !== undefined;
  const shape: BodyShape = request.singular ? 'object' : 'array';
  const text =
    `WITH pgrst_source AS (SELECT ${select}${from}${where}${orderSql(source, request)}${rangeSql(request, params)}) ` +
    `SELECT ${counted ? `(SELECT pg_catalog.count(*)${from}${where})::int` : 'null::int'} AS total, ` +
    `pg_catalog.count(_postgrest_t)::int AS page_total, ${bodySql(shape, request.method === 'HEAD')} AS body ` +
    `FROM (SELECT * FROM pgrst_source) _postgrest_t`;
  return {
    text,
    values: params.values,
    readOnly: true,
    bodyShape: request.method === 'HEAD' ? 'none' : shape,
    isVoid: false,
    counted,
    offset: request.range.offset,
    locationColumns: null,
    path: `/${table.name}`,
  };
}

/** Keys of the JSON body (or `columns=`), each a column of the table. */
function payloadColumns(request: ApiRequest, table: Table, rows: Record<string, unknown>[]): string[] {
  let names: string[];
  if (request.columns) {
    names = [...new Set(request.columns)];
  } else {
    const first = rows[0] ? Object.keys(rows[0]) : [];
    const key = [...first].sort().join('\u0000');
    for (const row of rows) {
      if (Object.keys(row).sort().join('\u0000') !== key) throw invalidBody('All object keys must match');
    }
    names = first;
  }
  for (const name of names) {
    if (!table.columns.has(name)) throw payloadColumnNotFound(table.name, name);
  }
  return names;
}

function objectRows(body: RequestBody | undefined, allowArray: boolean): { rows: Record<string, unknown>[]; arrayText: string } {
  if (!body) throw invalidBody('Empty or invalid json');
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(body.value)) return { rows: [body.value], arrayText: `[${body.raw}]` };
  if (allowArray && Array.isArray(body.value) && body.value.every(isObject)) {
    return { rows: body.value, arrayText: body.raw };
  }
  throw invalidBody(allowArray ? 'Expected a JSON object or an array of JSON objects' : 'Expected a JSON object');
}

/**
 * `FROM … AS pgrst_body("a" text, …)`: the JSON rows typed as the table's columns; with missing=default,
 * absent keys take the column default (PostgREST's `jsonb_build_object(defaults) || row`).
 */
function recordsetSql(table: Table, names: string[], arrayParam: string, applyDefaults: boolean): string {
  const typed = names.map((name) => `${quoteIdent(name)} ${table.columns.get(name)!.type}`).join(', ');
  if (!applyDefaults) return `pg_catalog.json_to_recordset(${arrayParam}::json) AS pgrst_body(${typed})`;
  const defaults = names
    .map((name) => table.columns.get(name)!)
    .filter((col) => col.defaultExpression !== null)
    .map((col) => `'${col.name.replaceAll("'", "''")}', ${col.defaultExpression}`);
  const elements = defaults.length ? `pg_catalog.jsonb_build_object(${defaults.join(', ')}) || elem` : 'elem';
  return (
    `pg_catalog.jsonb_to_recordset((SELECT pg_catalog.jsonb_agg(${elements}) ` +
    `FROM pg_catalog.jsonb_array_elements(${arrayParam}::jsonb) AS elem)) AS pgrst_body(${typed})`
  );
}

/** `WITH pgrst_source AS (<mutation> RETURNING …) SELECT …`: the shared tail of INSERT/UPDATE/DELETE. */
function mutationStatement(
  request: ApiRequest,
  table: Table,
  mutation: (returning: string) => string,
  params: Params,
): Statement {
  const source = tableSource(table);
  const wantsBody = request.preferences.return === 'representation';
  const wantsLocation = request.preferences.return === 'headers-only' && request.action === 'insert' && table.primaryKey.length > 0;
  let returning = '1';
  let finalSelect = 'SELECT * FROM pgrst_source';
  let shape: BodyShape = 'none';
  if (wantsBody) {
    returning = `${source.qualifier}.*`;
    const resultSource: Source = { ...source, qualifier: 'pgrst_source' };
    finalSelect = `SELECT ${selectList(resultSource, request.select, 'pgrst_source.*')} FROM pgrst_source`;
    shape = request.singular ? 'object' : 'array';
  } else if (wantsLocation) {
    returning = table.primaryKey.map((name) => `${source.qualifier}.${quoteIdent(name)}`).join(', ');
    shape = 'array';
  } else if (request.select) {
    // The select list is still checked, as PostgREST does, even when nothing is returned.
    selectList(source, request.select, '');
  }
  const counted = request.preferences.count !== undefined;
  const text =
    `WITH pgrst_source AS (${mutation(returning)}) ` +
    `SELECT null::int AS total, pg_catalog.count(_postgrest_t)::int AS page_total, ${bodySql(shape, false)} AS body ` +
    `FROM (${finalSelect}) _postgrest_t`;
  return {
    text,
    values: params.values,
    readOnly: false,
    bodyShape: shape,
    isVoid: false,
    counted,
    offset: 0,
    locationColumns: wantsLocation ? table.primaryKey : null,
    path: `/${table.name}`,
  };
}

function buildInsert(request: ApiRequest, table: Table, body: RequestBody | undefined): Statement {
  const { rows, arrayText } = objectRows(body, true);
  const names = payloadColumns(request, table, rows);
  if (request.conditions.length) throw unsupported('Filters on POST');
  const params = new Params();
  const qualified = `"public".${quoteIdent(table.name)}`;
  const arrayParam = params.add(arrayText);
  let mutation: string;
  if (names.length === 0) {
    mutation = `INSERT INTO ${qualified} SELECT FROM pg_catalog.json_array_elements(${arrayParam}::json)`;
  } else {
    const list = names.map(quoteIdent).join(', ');
    mutation =
      `INSERT INTO ${qualified} (${list}) SELECT ${names.map((name) => `pgrst_body.${quoteIdent(name)}`).join(', ')} ` +
      `FROM ${recordsetSql(table, names, arrayParam, request.preferences.missing === 'default')}`;
  }
  const resolution = request.preferences.resolution;
  const conflictColumns = request.onConflict ?? (resolution ? table.primaryKey : null);
  if (request.onConflict) {
    for (const name of request.onConflict) {
      if (!table.columns.has(name)) throw payloadColumnNotFound(table.name, name);
    }
  }
  if (resolution && conflictColumns && conflictColumns.length) {
    const target = conflictColumns.map(quoteIdent).join(', ');
    if (resolution === 'ignore-duplicates' || names.length === 0) {
      mutation += ` ON CONFLICT (${target}) DO NOTHING`;
    } else {
      mutation += ` ON CONFLICT (${target}) DO UPDATE SET ${names.map((name) => `${quoteIdent(name)} = EXCLUDED.${quoteIdent(name)}`).join(', ')}`;
    }
  }
  return mutationStatement(request, table, (returning) => `${mutation} RETURNING ${returning}`, params);
}

function buildUpdate(request: ApiRequest, table: Table, body: RequestBody | undefined): Statement {
  const { rows, arrayText } = objectRows(body, false);
  const names = payloadColumns(request, table, rows);
  if (!request.conditions.length) throw missingWhereClause('PATCH');
  rejectRange(request);
  const params = new Params();
  const source = tableSource(table);
  if (names.length === 0) {
    // Nothing to change (`{}`): PostgREST answers as if no row matched.
    whereSql(source, request.conditions, new Params());
    return mutationStatement(request, table, (returning) => `SELECT ${returning} FROM ${source.qualifier} WHERE false`, params);
  }
  const arrayParam = params.add(arrayText);
  const assignments = names.map((name) => `${quoteIdent(name)} = pgrst_body.${quoteIdent(name)}`).join(', ');
  const mutation =
    `UPDATE ${source.qualifier} SET ${assignments} ` +
    `FROM (SELECT * FROM ${recordsetSql(table, names, arrayParam, request.preferences.missing === 'default')} LIMIT 1) pgrst_body` +
    whereSql(source, request.conditions, params);
  return mutationStatement(request, table, (returning) => `${mutation} RETURNING ${returning}`, params);
}

function buildDelete(request: ApiRequest, table: Table): Statement {
  if (!request.conditions.length) throw missingWhereClause('DELETE');
  rejectRange(request);
  const params = new Params();
  const source = tableSource(table);
  const mutation = `DELETE FROM ${source.qualifier}${whereSql(source, request.conditions, params)}`;
  return mutationStatement(request, table, (returning) => `${mutation} RETURNING ${returning}`, params);
}

/** Picks the overload whose named parameters are exactly covered by `keys` (required ones present). */
function resolveRoutine(catalogue: Catalogue, name: string, keys: string[], body: RequestBody | undefined, isPost: boolean): Routine {
  const candidates = catalogue.routines.get(name) ?? [];
  const keySet = new Set(keys);
  const named = candidates.find((routine) => {
    if (routine.params.some((param) => param.name === '')) return false;
    const paramNames = new Set(routine.params.map((param) => param.name));
    return keys.every((key) => paramNames.has(key)) && routine.params.every((param) => param.hasDefault || keySet.has(param.name));
  });
  if (named) return named;
  // A single unnamed json/jsonb parameter takes the whole body (PostgREST).
  if (isPost && body) {
    const single = candidates.find(
      (routine) => routine.params.length === 1 && routine.params[0]!.name === '' && /^jsonb?$/.test(routine.params[0]!.type),
    );
    if (single) return single;
  }
  const allNames = [...catalogue.routines.keys()];
  throw functionNotFound(name, keys, candidates.length ? undefined : closest(name, allNames, 0.75));
}

function buildCall(request: ApiRequest, catalogue: Catalogue, name: string, body: RequestBody | undefined): Statement {
  const isPost = request.method === 'POST';
  if (!isPost && request.method !== 'GET' && request.method !== 'HEAD') throw invalidRpcMethod(request.method);
  const candidates = catalogue.routines.get(name) ?? [];
  const knownParams = new Set(candidates.flatMap((routine) => routine.params.map((param) => param.name)));

  let args: Record<string, unknown> = {};
  const filterParams: [string, string][] = [];
  if (isPost) {
    if (body !== undefined) {
      const value = body.value;
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) args = value as Record<string, unknown>;
      else if (!candidates.some((routine) => routine.params.length === 1 && routine.params[0]!.name === '')) {
        throw invalidBody('Expected a JSON object');
      }
    }
  } else {
    for (const [key, value] of request.rpcParams) {
      if (knownParams.has(key)) args[key] = value;
      else filterParams.push([key, value]);
    }
  }
  const routine = resolveRoutine(catalogue, name, Object.keys(args), body, isPost);
  const conditions = [...request.conditions, ...filterParams.map(([key, value]) => parseFilter(key, value))];

  const params = new Params();
  const fn = `"public".${quoteIdent(routine.name)}`;
  let from: string;
  let callArgs = '';
  let argsFrom = '';
  if (routine.params.length === 1 && routine.params[0]!.name === '' && isPost) {
    callArgs = `${params.add(body?.raw ?? '{}')}::${routine.params[0]!.type}`;
  } else {
    const used = routine.params.filter((param) => Object.hasOwn(args, param.name));
    if (used.length) {
      const argText = isPost ? (body?.raw ?? '{}') : JSON.stringify(args);
      const typed = used.map((param) => `${quoteIdent(param.name)} ${param.type}`).join(', ');
      argsFrom = `pg_catalog.json_to_record(${params.add(argText)}::json) AS pgrst_args(${typed}), LATERAL `;
      callArgs = used
        .map((param) => `${param.variadic ? 'VARIADIC ' : ''}${quoteIdent(param.name)} := pgrst_args.${quoteIdent(param.name)}`)
        .join(', ');
    }
  }
  const scalar = routine.returns !== 'composite';
  if (scalar) from = `${argsFrom}(SELECT ${fn}(${callArgs}) AS pgrst_scalar) pgrst_call`;
  else from = `${argsFrom}${fn}(${callArgs}) pgrst_call`;

  const source: Source = { label: routine.name, qualifier: 'pgrst_call', columns: new Set(routine.resultColumns) };
  const where = whereSql(source, conditions, params);
  const order = orderSql(source, request);
  const select = scalar ? 'pgrst_call.pgrst_scalar' : selectList(source, request.select, 'pgrst_call.*');
  const range = routine.returnsSet ? rangeSql(request, params) : '';
  const counted = request.preferences.count !== undefined;
  const shape: BodyShape = request.singular || !routine.returnsSet ? 'object' : 'array';
  const head = request.method === 'HEAD' || routine.returns === 'void';
  const text =
    `WITH pgrst_source AS (SELECT ${select} FROM ${from}${where}${order}${range}) ` +
    `SELECT ${counted ? `(SELECT pg_catalog.count(*) FROM ${from}${where})::int` : 'null::int'} AS total, ` +
    `pg_catalog.count(_postgrest_t)::int AS page_total, ${bodySql(shape, head, scalar)} AS body ` +
    `FROM (SELECT * FROM pgrst_source) _postgrest_t`;
  return {
    text,
    values: params.values,
    readOnly: !isPost || routine.volatility !== 'v',
    bodyShape: head ? 'none' : shape,
    isVoid: routine.returns === 'void',
    counted,
    offset: routine.returnsSet ? request.range.offset : 0,
    locationColumns: null,
    path: `/rpc/${routine.name}`,
  };
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

export function buildStatement(request: ApiRequest, catalogue: Catalogue, body?: RequestBody): Statement {
  const target = request.target;
  if (target.kind === 'root') {
    throw new RestError(404, { code: 'PGRST126', message: 'Root endpoint metadata is disabled' });
  }
  if (target.kind === 'function') return buildCall(request, catalogue, target.name, body);
  const table = findTable(catalogue, target.name);
  switch (request.action) {
    case 'read':
      return buildRead(request, table);
    case 'insert':
      return buildInsert(request, table, body);
    case 'update':
      return buildUpdate(request, table, body);
    case 'delete':
      return buildDelete(request, table);
    default:
      throw unsupported(`${request.method} on a table`);
  }
}

import { key, type Catalogue, type Table } from '../catalogue/types';
import { invalidPreferences, maxAffectedNotSet, RestError, unsupported } from '../errors';
import { closest } from '../fuzzy';
import { findRoutine } from '../plan/find-routine';
import { planTree, type PlanNode } from '../plan/tree';
import type { ApiRequest } from '../request-types';
import { tableNotFound } from '../schema-errors';
import { callSql, type CallArguments } from './call';
import { tableScope, type NodeSource } from './embed';
import { qualified, quoteIdent, Params } from './identifiers';
import { deleteSql, insertSql, refuseRange, updateSql } from './mutate';
import type { RequestBody } from './payload';
import { ReadRenderer } from './read';
import { bodySql, MAX_ROWS, wrap, type Statement } from './statement';

/**
 * `ApiRequest` + catalogue → the statement (and, for planned/estimated counts, its EXPLAIN), pure: every
 * name is checked against the catalogue and quoted, every value is a bound parameter.
 */

export interface BuildOptions {
  /** PostgREST's `db-aggregates-enabled` (off on Supabase). */
  aggregatesEnabled?: boolean;
  /** PostgREST's `db-max-rows` (Supabase's 1,000 unless given; null: no limit). */
  maxRows?: number | null;
}

const maxRowsOf = (options: BuildOptions) => (options.maxRows === undefined ? MAX_ROWS : options.maxRows);

/** What the request body is, by its Content-Type. */
export type Body = { kind: 'json'; body: RequestBody } | { kind: 'text' | 'xml'; text: string } | { kind: 'binary'; data: Buffer };

function findTable(catalogue: Catalogue, schema: string, name: string): Table {
  const table = catalogue.tables.get(key(schema, name));
  if (table) return table;
  const names = [...catalogue.tables.values()].filter((candidate) => candidate.schema === schema).map((candidate) => candidate.name);
  throw tableNotFound(schema, name, closest(name, names, 0.75));
}

function base(request: ApiRequest, catalogue: Catalogue, path: string, options: BuildOptions): Omit<Statement, 'text' | 'values' | 'readOnly' | 'noBody' | 'count'> {
  return {
    maxRows: maxRowsOf(options),
    media: request.media,
    isVoid: false,
    explain: null,
    offset: 0,
    locationColumns: null,
    path,
    resolutionApplies: false,
    timezone: request.preferences.timezone !== undefined && catalogue.timezones.has(request.preferences.timezone) ? request.preferences.timezone : null,
    returnsSet: true,
  };
}

function rootSource(catalogue: Catalogue, schema: string, table: string, from: string): NodeSource {
  const alias = quoteIdent(table);
  return { schema, table, from: `${from} AS ${alias}`, scope: tableScope(catalogue, schema, table, alias), joins: [] };
}

/** Count columns: `exact`, `estimated` (exact up to db-max-rows, then EXPLAIN), `planned` (EXPLAIN only). */
function counting(request: ApiRequest, renderer: ReadRenderer, tree: PlanNode, source: NodeSource, params: Params, catalogue: Catalogue, maxRows: number | null) {
  const mode = request.preferences.count ?? null;
  if (mode === null) return { total: 'null::int', explain: null };
  const explainParams = new Params();
  const explainRenderer = new ReadRenderer({ catalogue, params: explainParams, aggregatesEnabled: true, maxRows: null });
  const explain = mode === 'exact' ? null : { text: `EXPLAIN (FORMAT JSON) ${explainRenderer.count(tree, source)}`, values: explainParams.values };
  if (mode === 'planned') return { total: 'null::int', explain };
  const limit = mode === 'estimated' && maxRows !== null ? ` LIMIT ${params.add(String(maxRows + 1))}` : '';
  return { total: `(SELECT pg_catalog.count(*) FROM (${renderer.count(tree, source)}${limit}) pgrst_count)::int`, explain };
}

function buildRead(request: ApiRequest, catalogue: Catalogue, options: BuildOptions, table: Table): Statement {
  const params = new Params();
  const tree = planTree(request);
  const source = rootSource(catalogue, table.schema, table.name, qualified(table.schema, table.name));
  const renderer = new ReadRenderer({ catalogue, params, aggregatesEnabled: options.aggregatesEnabled ?? false, maxRows: maxRowsOf(options) });
  const rendered = renderer.node(tree, source);
  const { total, explain } = counting(request, renderer, tree, source, params, catalogue, maxRowsOf(options));
  const noBody = request.method === 'HEAD';
  return {
    ...base(request, catalogue, `/${table.name}`, options),
    text: wrap(rendered.sql, total, bodySql({ media: request.media, none: noBody })),
    values: params.values,
    readOnly: true,
    noBody,
    count: request.preferences.count ?? null,
    explain,
    offset: request.range.offset,
  };
}

function buildMutation(request: ApiRequest, catalogue: Catalogue, options: BuildOptions, table: Table, body: RequestBody | undefined): Statement {
  const params = new Params();
  const tree = planTree(request);
  const conditions = tree.conditions;
  tree.conditions = [];
  tree.order = [];
  tree.range = null;
  const alias = quoteIdent(table.name);
  const scope = tableScope(catalogue, table.schema, table.name, alias);
  if (request.action !== 'insert') refuseRange(request);
  else if (conditions.length) throw unsupported('Filters on POST');
  const mutation =
    request.action === 'insert'
      ? insertSql(request, table, body, params, alias)
      : request.action === 'update'
        ? updateSql(request, table, body, conditions, scope, params)
        : deleteSql(table, conditions, scope, params);
  const wantsBody = request.preferences.return === 'representation';
  const wantsLocation = request.preferences.return === 'headers-only' && request.action === 'insert' && table.primaryKey.length > 0;
  const source = rootSource(catalogue, table.schema, table.name, 'pgrst_source');
  const renderer = new ReadRenderer({ catalogue, params, aggregatesEnabled: options.aggregatesEnabled ?? false, maxRows: null });
  let returning = '1';
  let rows = 'SELECT * FROM pgrst_source';
  let bodyColumn = `''`;
  if (wantsBody) {
    returning = `${alias}.*`;
    rows = renderer.node(tree, source).sql;
    bodyColumn = bodySql({ media: request.media });
  } else if (wantsLocation) {
    returning = table.primaryKey.map((name) => `${alias}.${quoteIdent(name)}`).join(', ');
    bodyColumn = bodySql({ media: { kind: 'json', stripNulls: false } });
  } else if (request.select) {
    // The select is still checked (names, relationships), though nothing is returned.
    new ReadRenderer({ catalogue, params: new Params(), aggregatesEnabled: true, maxRows: null }).node(tree, source);
  }
  return {
    ...base(request, catalogue, `/${table.name}`, options),
    text: wrap(`${mutation.sql} RETURNING ${returning}`, 'null::int', bodyColumn, rows, mutation.countsInserted),
    values: params.values,
    readOnly: false,
    noBody: !wantsBody,
    count: request.preferences.count === undefined ? null : 'exact',
    locationColumns: wantsLocation ? table.primaryKey : null,
    resolutionApplies: mutation.resolutionApplies,
  };
}

function callArguments(request: ApiRequest, body: Body | undefined): { args: CallArguments; keys: string[]; kind: 'json' | 'text' | 'xml' | 'binary' | 'none' } {
  if (request.method !== 'POST') {
    return { args: { kind: 'query', values: request.rpcArgs }, keys: [...new Set(request.rpcArgs.map(([name]) => name))], kind: 'none' };
  }
  if (!body) return { args: { kind: 'json', raw: '{}', keys: [] }, keys: [], kind: 'json' };
  if (body.kind === 'binary') return { args: { kind: 'raw', value: `\\x${body.data.toString('hex')}` }, keys: [], kind: 'binary' };
  if (body.kind !== 'json') return { args: { kind: 'raw', value: body.text }, keys: [], kind: body.kind };
  const value = body.body.value;
  const keys = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  return { args: { kind: 'json', raw: body.body.raw, keys }, keys, kind: 'json' };
}

function buildCall(request: ApiRequest, catalogue: Catalogue, options: BuildOptions, name: string, body: Body | undefined): Statement {
  const isPost = request.method === 'POST';
  if (!isPost && request.method !== 'GET' && request.method !== 'HEAD') {
    throw new RestError(405, { code: 'PGRST101', message: `Cannot use the ${request.method} method on RPC` });
  }
  const { args, keys, kind } = callArguments(request, body);
  const routine = findRoutine(catalogue, request.schema, name, keys, kind, isPost);
  const isSingleUnnamed = routine.params.length === 1 && routine.params[0]!.name === '';
  if (body?.kind === 'json' && routine.params.length > 0 && !isSingleUnnamed) {
    const value = body.body.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RestError(400, { code: 'PGRST102', message: 'Expected a JSON object' });
  }
  const prefs = request.preferences;
  if (prefs.handling === 'strict' && prefs.maxAffected !== undefined && !routine.returnsSet) throw maxAffectedNotSet();
  const params = new Params();
  const scalar = routine.returns !== 'composite';
  const resultTable = routine.resultTable && catalogue.tables.get(key(routine.schema, routine.resultTable));
  // A function returning rows of a table reads, filters and embeds like that table.
  const alias = quoteIdent(routine.name);
  const source: NodeSource = {
    schema: routine.schema,
    table: resultTable ? resultTable.name : null,
    from: `pgrst_source AS ${alias}`,
    joins: [],
    scope: resultTable
      ? { ...tableScope(catalogue, routine.schema, resultTable.name, alias), label: routine.name }
      : {
          catalogue,
          label: routine.name,
          alias,
          columns: new Map((scalar ? ['pgrst_scalar'] : routine.resultColumns).map((column) => [column, ''])),
          computed: new Map(),
        },
  };
  const tree = planTree(request);
  if (!routine.returnsSet) tree.range = null;
  const renderer = new ReadRenderer({ catalogue, params, aggregatesEnabled: options.aggregatesEnabled ?? false, maxRows: routine.returnsSet ? maxRowsOf(options) : null });
  const call = callSql(routine, args, params);
  const rows = renderer.node(tree, source).sql;
  const counted = prefs.count === 'exact' || prefs.count === 'estimated';
  const total = counted ? `(SELECT pg_catalog.count(*) FROM (${renderer.count(tree, source)}) pgrst_count)::int` : 'null::int';
  const noBody = request.method === 'HEAD' || routine.returns === 'void';
  return {
    ...base(request, catalogue, `/rpc/${routine.name}`, options),
    text: wrap(call, total, bodySql({ media: request.media, none: noBody, scalar, single: !routine.returnsSet }), rows),
    values: params.values,
    readOnly: !isPost || routine.volatility !== 'v',
    noBody,
    isVoid: routine.returns === 'void',
    count: counted ? 'exact' : null,
    offset: routine.returnsSet ? request.range.offset : 0,
    returnsSet: routine.returnsSet,
  };
}

export function buildStatement(request: ApiRequest, catalogue: Catalogue, body?: Body, options: BuildOptions = {}): Statement {
  const target = request.target;
  if (target.kind === 'root') throw new RestError(404, { code: 'PGRST126', message: 'Root endpoint metadata is disabled' });
  let statement: Statement;
  if (target.kind === 'function') {
    statement = buildCall(request, catalogue, options, target.name, body);
  } else {
    const table = findTable(catalogue, request.schema, target.name);
    if (request.action === 'read') statement = buildRead(request, catalogue, options, table);
    else if (body && body.kind !== 'json') throw new RestError(400, { code: 'PGRST102', message: 'Expected a JSON object or an array of JSON objects' });
    else statement = buildMutation(request, catalogue, options, table, body?.body);
  }
  const invalid = [...request.preferences.invalid];
  if (request.preferences.timezone !== undefined && statement.timezone === null) invalid.push(`timezone=${request.preferences.timezone}`);
  if (request.preferences.handling === 'strict' && invalid.length) throw invalidPreferences(invalid);
  return statement;
}

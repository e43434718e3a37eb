import type { Table } from '../catalogue/types';
import { missingWhereClause, unsupported } from '../errors';
import { payloadColumnNotFound } from '../schema-errors';
import type { ApiRequest, Condition } from '../request-types';
import type { Scope } from './fields';
import { conditionSql } from './filters';
import { qualified, quoteIdent, type Params } from './identifiers';
import { objectRows, payloadColumns, recordsetSql, type RequestBody } from './payload';

/**
 * INSERT (with upsert), UPDATE and DELETE as PostgREST writes them (`mutatePlanToQuery`), returning the
 * changed rows for the read that follows. Filters on the top level go into the mutation's WHERE; PATCH and
 * DELETE need one (pg-safeupdate's `21000`, as on Supabase).
 */

export interface Mutation {
  /** The statement, to be completed with `RETURNING …`. */
  sql: string;
  /** An upsert whose resolution applies: the answer says 201 or 200 from the inserted count. */
  countsInserted: boolean;
  resolutionApplies: boolean;
}

/** PostgREST's counter of rows an upsert inserted (`pgrst.inserted`), raised per proposed row, lowered per update. */
function insertedCounter(step: '+' | '-'): string {
  const current = `coalesce(nullif(pg_catalog.current_setting('pgrst.inserted', true), '')::int, 0)`;
  return `pg_catalog.set_config('pgrst.inserted', (${current} ${step} 1)::text, true) <> '${step === '+' ? '0' : '-1'}'`;
}

export function insertSql(request: ApiRequest, table: Table, body: RequestBody | undefined, params: Params, alias: string): Mutation {
  const { rows, arrayText } = objectRows(body, true);
  const names = payloadColumns(request, table, rows);
  const target = `${qualified(table.schema, table.name)} AS ${alias}`;
  const arrayParam = params.add(arrayText);
  const resolution = request.preferences.resolution;
  for (const name of request.onConflict ?? []) {
    if (!table.columns.has(name)) throw payloadColumnNotFound(table.name, name);
  }
  const conflictColumns = request.onConflict ?? table.primaryKey;
  const resolves = resolution !== undefined && conflictColumns.length > 0;
  const counts = resolves && resolution === 'merge-duplicates';
  let sql: string;
  if (names.length === 0) {
    sql = `INSERT INTO ${target} SELECT FROM pg_catalog.json_array_elements(${arrayParam}::json)${counts ? ` WHERE ${insertedCounter('+')}` : ''}`;
  } else {
    sql =
      `INSERT INTO ${target} (${names.map(quoteIdent).join(', ')}) ` +
      `SELECT ${names.map((name) => `pgrst_body.${quoteIdent(name)}`).join(', ')} ` +
      `FROM ${recordsetSql(table, names, arrayParam, request.preferences.missing === 'default')}` +
      (counts ? ` WHERE ${insertedCounter('+')}` : '');
  }
  if (resolves) {
    const on = conflictColumns.map(quoteIdent).join(', ');
    if (resolution === 'ignore-duplicates' || names.length === 0) {
      sql += ` ON CONFLICT (${on}) DO NOTHING`;
    } else {
      const set = names.map((name) => `${quoteIdent(name)} = EXCLUDED.${quoteIdent(name)}`).join(', ');
      sql += ` ON CONFLICT (${on}) DO UPDATE SET ${set} WHERE ${insertedCounter('-')}`;
    }
  }
  return { sql, countsInserted: counts, resolutionApplies: resolves };
}

export function updateSql(
  request: ApiRequest,
  table: Table,
  body: RequestBody | undefined,
  conditions: Condition[],
  scope: Scope,
  params: Params,
): Mutation {
  const { rows, arrayText } = objectRows(body, false);
  const names = payloadColumns(request, table, rows);
  if (!conditions.length) throw missingWhereClause('PATCH');
  const target = qualified(table.schema, table.name);
  const none = () => undefined;
  if (names.length === 0) {
    // Nothing to change (`{}`): PostgREST answers as if no row matched; the filters are still checked.
    for (const condition of conditions) conditionSql(scope, condition, params, none);
    return { sql: `SELECT * FROM ${target} AS ${scope.alias} WHERE false`, countsInserted: false, resolutionApplies: false };
  }
  const arrayParam = params.add(arrayText);
  const assignments = names.map((name) => `${quoteIdent(name)} = pgrst_body.${quoteIdent(name)}`).join(', ');
  const where = conditions.map((condition) => conditionSql(scope, condition, params, none)).join(' AND ');
  const sql =
    `UPDATE ${target} AS ${scope.alias} SET ${assignments} ` +
    `FROM (SELECT * FROM ${recordsetSql(table, names, arrayParam, request.preferences.missing === 'default')} LIMIT 1) pgrst_body ` +
    `WHERE ${where}`;
  return { sql, countsInserted: false, resolutionApplies: false };
}

export function deleteSql(table: Table, conditions: Condition[], scope: Scope, params: Params): Mutation {
  if (!conditions.length) throw missingWhereClause('DELETE');
  const where = conditions.map((condition) => conditionSql(scope, condition, params, () => undefined)).join(' AND ');
  return { sql: `DELETE FROM ${qualified(table.schema, table.name)} AS ${scope.alias} WHERE ${where}`, countsInserted: false, resolutionApplies: false };
}

export function refuseRange(request: ApiRequest): void {
  if (request.range.limit !== null || request.range.offset > 0) throw unsupported(`limit/offset on ${request.method}`);
}

import type { Catalogue, ComputedField } from '../catalogue/types';
import { RestError } from '../errors';
import { columnNotFound } from '../schema-errors';
import { closest } from '../fuzzy';
import type { Field, OrderTerm } from '../request-types';
import { qualified, quoteIdent, type Params } from './identifiers';

/**
 * The names a statement may use for one node: a table (or a function's result) under an SQL alias, with
 * its columns and computed fields. Every name a request uses is looked up here; what reaches the SQL is
 * the catalogue's name, quoted.
 */
export interface Scope {
  catalogue: Catalogue;
  /** Name shown in errors (`column <label>.x does not exist`). */
  label: string;
  /** Quoted SQL alias of the node's rows. */
  alias: string;
  /** Column name → type (`format_type`). */
  columns: ReadonlyMap<string, string>;
  computed: ReadonlyMap<string, ComputedField>;
}

const JSON_TYPES = new Set(['json', 'jsonb']);

export function columnOf(scope: Scope, name: string): { sql: string; type: string } {
  const type = scope.columns.get(name);
  if (type !== undefined) return { sql: `${scope.alias}.${quoteIdent(name)}`, type };
  const computed = scope.computed.get(name);
  if (computed) return { sql: `${qualified(computed.schema, computed.function)}(${scope.alias})`, type: computed.returnType };
  const candidates = [...scope.columns.keys(), ...scope.computed.keys()];
  throw columnNotFound(scope.label, name, closest(name, candidates, 0.6));
}

/** `col`, `col->$1->>$2` (JSON paths bound as parameters; other types go through `to_jsonb`). */
export function fieldSql(scope: Scope, field: Field, params: Params): { sql: string; type: string } {
  const column = columnOf(scope, field.name);
  if (!field.jsonPath.length) return column;
  let sql = JSON_TYPES.has(column.type) ? column.sql : `pg_catalog.to_jsonb(${column.sql})`;
  for (const step of field.jsonPath) {
    sql += step.index === undefined ? `${step.arrow}${params.add(step.key)}` : `${step.arrow}${params.add(step.key)}::int`;
  }
  return { sql, type: field.jsonPath.at(-1)!.arrow === '->>' ? 'text' : 'jsonb' };
}

/** The name PostgREST gives a selected JSON path: its last key (an index keeps the last key before it). */
export function jsonPathName(field: Field): string | undefined {
  if (!field.jsonPath.length) return undefined;
  const keys = field.jsonPath.filter((step) => step.index === undefined);
  return keys.at(-1)?.key ?? field.name;
}

/** `CAST(x AS "pg_catalog"."int4")`: the type must be one the catalogue knows (else PostgreSQL's 42704). */
export function castSql(catalogue: Catalogue, sql: string, cast: string | undefined): string {
  if (cast === undefined) return sql;
  const type = catalogue.types.get(cast.toLowerCase());
  if (!type) throw new RestError(400, { code: '42704', message: `type "${cast}" does not exist` });
  return `CAST(${sql} AS ${type})`;
}

export function orderSql(scope: Scope, terms: OrderTerm[], params: Params, relationAlias: (term: OrderTerm) => Scope): string {
  if (!terms.length) return '';
  const parts = terms.map((term) => {
    const target = term.relation === undefined ? scope : relationAlias(term);
    let sql = fieldSql(target, term.field, params).sql;
    if (term.direction) sql += term.direction === 'asc' ? ' ASC' : ' DESC';
    if (term.nulls) sql += term.nulls === 'nullsfirst' ? ' NULLS FIRST' : ' NULLS LAST';
    return sql;
  });
  return ` ORDER BY ${parts.join(', ')}`;
}

import type { Condition, Filter, Operation } from '../request-types';
import { fieldSql, type Scope } from './fields';
import { arrayLiteral, type Params } from './identifiers';

/**
 * Filters and logic trees → SQL (PostgREST `pgFmtFilter`, `pgFmtLogicTree`). Values are bound parameters
 * typed `unknown`, so PostgreSQL types them from the column; operators come from a fixed table.
 */

const SIMPLE_SQL = { neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' } as const;
const QUANT_SQL = { eq: '=', gte: '>=', gt: '>', lte: '<=', lt: '<', like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*' } as const;
const FTS_SQL = {
  fts: 'pg_catalog.to_tsquery',
  plfts: 'pg_catalog.plainto_tsquery',
  phfts: 'pg_catalog.phraseto_tsquery',
  wfts: 'pg_catalog.websearch_to_tsquery',
} as const;
const IS_SQL = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' } as const;

/**
 * How a filter on an embedded resource's name reads (`rel=is.null`, `rel=not.is.null`): the SQL saying the
 * embedded row is absent (`negated` false) or present; undefined when `name` is not an embedded resource.
 */
export type EmbedLookup = (name: string) => ((negated: boolean) => string) | undefined;

function operationSql(target: { sql: string; type: string }, operation: Operation, params: Params): string {
  switch (operation.kind) {
    case 'simple':
      return `${target.sql} ${SIMPLE_SQL[operation.operator]} ${params.add(operation.value)}`;
    case 'quant': {
      const isLike = operation.operator === 'like' || operation.operator === 'ilike';
      const value = params.add(isLike ? operation.value.replaceAll('*', '%') : operation.value);
      const operand = operation.quantifier ? `${operation.quantifier.toUpperCase()}(${value})` : value;
      return `${target.sql} ${QUANT_SQL[operation.operator]} ${operand}`;
    }
    case 'in':
      return operation.values.length
        ? `${target.sql} = ANY (${params.add(arrayLiteral(operation.values))})`
        : `${target.sql} = ANY ('{}')`;
    case 'is':
      return `${target.sql} IS ${IS_SQL[operation.value]}`;
    case 'isdistinct':
      return `${target.sql} IS DISTINCT FROM ${params.add(operation.value)}`;
    case 'fts': {
      const language = operation.language === undefined ? '' : `${params.add(operation.language)}, `;
      const document = target.type === 'tsvector' ? target.sql : `pg_catalog.to_tsvector(${language}${target.sql})`;
      return `${document} @@ ${FTS_SQL[operation.operator]}(${language}${params.add(operation.value)})`;
    }
  }
}

export function filterSql(scope: Scope, filter: Filter, params: Params, embeds: EmbedLookup): string {
  const embedded = filter.field.jsonPath.length === 0 ? embeds(filter.field.name) : undefined;
  if (embedded !== undefined && filter.operation.kind === 'is' && filter.operation.value === 'null') {
    // `rel=is.null` / `rel=not.is.null`: the anti-join and the semi-join of PostgREST's null filtering.
    return embedded(filter.negated);
  }
  const sql = operationSql(fieldSql(scope, filter.field, params), filter.operation, params);
  return filter.negated ? `NOT (${sql})` : sql;
}

export function conditionSql(scope: Scope, condition: Condition, params: Params, embeds: EmbedLookup): string {
  if (condition.kind === 'filter') return filterSql(scope, condition, params, embeds);
  const joined = condition.children
    .map((child) => conditionSql(scope, child, params, embeds))
    .join(condition.operator === 'and' ? ' AND ' : ' OR ');
  return `${condition.negated ? 'NOT ' : ''}(${joined})`;
}

import { isToOne } from '../catalogue/relationships';
import type { Catalogue } from '../catalogue/types';
import { findRelationship } from '../plan/find-relationship';
import { childrenOf, embedName, notEmbedded, type PlanNode } from '../plan/tree';
import type { SelectField } from '../request-types';
import { embeddedSource, aggregatesNotAllowed, duplicateAlias, relatedOrderNotToOne, type NodeSource } from './embed';
import { castSql, fieldSql, jsonPathName, orderSql, type Scope } from './fields';
import { conditionSql } from './filters';
import { quoteIdent, type Params } from './identifiers';

/**
 * A node of the plan → `SELECT` (PostgREST `readPlanToQuery` and `readPlanToCountQuery`). Embedded resources
 * are correlated `LATERAL` subqueries: a to-one row becomes a JSON object, to-many rows a JSON array
 * (`json_agg`), a spread puts the child's columns beside the parent's (of a to-many child, each column as the
 * array of its values, PostgREST 13); `!inner` makes the join inner.
 * In count mode a node selects `1` and keeps only what filters rows: its conditions, and `EXISTS` for
 * inner-joined resources and null filters on embedded ones.
 */

export interface ReadOptions {
  catalogue: Catalogue;
  params: Params;
  /** PostgREST's `db-aggregates-enabled`. */
  aggregatesEnabled: boolean;
  /** `db-max-rows` on every node of a read; null for the result of a mutation. */
  maxRows: number | null;
}

export interface RenderedNode {
  sql: string;
  /** Output column names, in order (what a spread or a related order may name). */
  outputs: string[];
}

interface Child {
  plan: PlanNode;
  source: NodeSource;
  lateral: string;
  toOne: boolean;
  name: string;
}

function aggregateSql(field: SelectField, sql: string, options: ReadOptions): string {
  if (!field.aggregate) return sql;
  if (!options.aggregatesEnabled) throw aggregatesNotAllowed();
  return castSql(options.catalogue, `pg_catalog.${field.aggregate}(${sql})`, field.aggregateCast);
}

/** A selected column: its SQL (with `AS` its output name) and, unless aggregated, its GROUP BY term. */
function fieldItem(scope: Scope, field: SelectField, options: ReadOptions, outputs: string[]): { sql: string; groups: string[] } {
  if (field.field.name === '*' && !field.field.jsonPath.length) {
    if (field.aggregate) {
      const name = field.alias ?? 'count';
      outputs.push(name);
      return { sql: `${aggregateSql(field, '*', options)} AS ${quoteIdent(name)}`, groups: [] };
    }
    outputs.push(...scope.columns.keys());
    return { sql: `${scope.alias}.*`, groups: [...scope.columns.keys()].map((name) => `${scope.alias}.${quoteIdent(name)}`) };
  }
  let expression: string;
  const isLegacyCount =
    field.field.name === 'count' && !field.field.jsonPath.length && !scope.columns.has('count') && !scope.computed.has('count');
  if (isLegacyCount) expression = 'pg_catalog.count(*)'; // PostgREST's `count` without parentheses
  else expression = fieldSql(scope, field.field, options.params).sql;
  expression = castSql(options.catalogue, expression, field.cast);
  const name = field.alias ?? field.aggregate ?? jsonPathName(field.field) ?? field.field.name;
  outputs.push(name);
  const sql = `${aggregateSql(field, expression, options)} AS ${quoteIdent(name)}`;
  return { sql, groups: field.aggregate || isLegacyCount ? [] : [expression] };
}

export class ReadRenderer {
  constructor(private readonly options: ReadOptions) {}

  private children(plan: PlanNode, source: NodeSource, depth: number): Child[] {
    const used = new Set<string>();
    return childrenOf(plan).map((child) => {
      const relation = child.relation!;
      if (source.table === null) throw notEmbedded(relation.name);
      const relationship = findRelationship(this.options.catalogue, source.schema, source.table, relation.name, relation.hint);
      const toOne = isToOne(relationship);
      // PostgREST's name for the embedded resource's subquery; the same table embedded twice without aliases
      // names two subqueries alike, which PostgreSQL refuses (PostgREST answers its 42712).
      const lateral = `${source.table}_${embedName(child)}_${depth + 1}`;
      if (used.has(lateral)) throw duplicateAlias(lateral);
      used.add(lateral);
      const childSource = embeddedSource(this.options.catalogue, relationship, source.scope, depth + 1);
      return { plan: child, source: childSource, lateral: quoteIdent(lateral), toOne, name: embedName(child) };
    });
  }

  /** `SELECT 1 …` with the node's filters: the count of the top level, or `EXISTS` of an inner join. */
  count(plan: PlanNode, source: NodeSource, depth = 0): string {
    const children = this.children(plan, source, depth);
    const existsOf = (child: Child) => this.count(child.plan, child.source, depth + 1);
    const embeds = (name: string) => {
      const child = children.find((candidate) => candidate.name === name);
      return child && ((negated: boolean) => `${negated ? '' : 'NOT '}EXISTS (${existsOf(child)})`);
    };
    const where = [
      ...source.joins,
      ...plan.conditions.map((condition) => conditionSql(source.scope, condition, this.options.params, embeds)),
      ...children.filter((child) => child.plan.relation!.joinType === 'inner').map((child) => `EXISTS (${existsOf(child)})`),
    ];
    return `SELECT 1 FROM ${source.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  }

  /** `toOne`: the node is a to-one embedded resource: no db-max-rows cap, so PostgreSQL can plan it as a join. */
  node(plan: PlanNode, source: NodeSource, depth = 0, toOne = false): RenderedNode {
    const { params } = this.options;
    const scope = source.scope;
    const children = this.children(plan, source, depth);
    const outputs: string[] = [];
    const selects: string[] = [];
    const groups: string[] = [];
    let aggregated = false;
    for (const item of plan.items) {
      if (!('kind' in item)) continue;
      const rendered = fieldItem(scope, item, this.options, outputs);
      selects.push(rendered.sql);
      groups.push(...rendered.groups);
      if (item.aggregate) aggregated = true;
    }
    const childOutputs = new Map<Child, string[]>();
    const joins: string[] = [];
    for (const child of children) {
      const rendered = this.node(child.plan, child.source, depth + 1, child.toOne);
      childOutputs.set(child, rendered.outputs);
      const isEmpty = child.plan.items.length === 0;
      const joinType = child.plan.relation!.joinType === 'inner' ? 'INNER' : 'LEFT';
      if (child.toOne) {
        joins.push(` ${joinType} JOIN LATERAL (${rendered.sql}) AS ${child.lateral} ON TRUE`);
        if (child.plan.relation!.spread) {
          for (const name of rendered.outputs) {
            selects.push(`${child.lateral}.${quoteIdent(name)}`);
            groups.push(`${child.lateral}.${quoteIdent(name)}`);
            outputs.push(name);
          }
        } else if (!isEmpty) {
          selects.push(`pg_catalog.to_jsonb(${child.lateral}.*) AS ${quoteIdent(child.name)}`);
          groups.push(quoteIdent(child.name));
          outputs.push(child.name);
        }
      } else if (child.plan.relation!.spread) {
        // PostgREST 13: each column of a to-many spread is the array of its values, beside the parent's columns.
        const arrays = rendered.outputs.map(
          (name) => `COALESCE(pg_catalog.json_agg(${child.lateral}.${quoteIdent(name)}), '[]')::jsonb AS ${quoteIdent(name)}`,
        );
        const spread = `SELECT ${[...arrays, 'pg_catalog.count(*) > 0 AS pgrst_found'].join(', ')} FROM (${rendered.sql}) AS ${child.lateral}`;
        const on = joinType === 'INNER' ? `${child.lateral}.pgrst_found` : 'TRUE';
        joins.push(` ${joinType} JOIN LATERAL (${spread}) AS ${child.lateral} ON ${on}`);
        for (const name of rendered.outputs) {
          selects.push(`${child.lateral}.${quoteIdent(name)}`);
          groups.push(`${child.lateral}.${quoteIdent(name)}`);
          outputs.push(name);
        }
      } else {
        const aggregate = `SELECT pg_catalog.json_agg(${child.lateral})::jsonb AS ${child.lateral} FROM (${rendered.sql}) AS ${child.lateral}`;
        const on = joinType === 'INNER' ? `${child.lateral} IS NOT NULL` : 'TRUE';
        joins.push(` ${joinType} JOIN LATERAL (${aggregate}) AS ${child.lateral} ON ${on}`);
        if (!isEmpty) {
          selects.push(`COALESCE(${child.lateral}.${child.lateral}, '[]') AS ${quoteIdent(child.name)}`);
          groups.push(quoteIdent(child.name));
          outputs.push(child.name);
        }
      }
    }
    if (!selects.length) selects.push(`${scope.alias}.*`);

    const embeds = (name: string) => {
      const child = children.find((candidate) => candidate.name === name);
      return child && ((negated: boolean) => `${child.lateral} IS ${negated ? 'DISTINCT' : 'NOT DISTINCT'} FROM NULL`);
    };
    const where = [...source.joins, ...plan.conditions.map((condition) => conditionSql(scope, condition, params, embeds))];
    const relatedScope = (relation: string): Scope => {
      const child = children.find((candidate) => candidate.name === relation);
      if (!child) throw notEmbedded(relation);
      if (!child.toOne) throw relatedOrderNotToOne(source.table ?? scope.label, relation);
      const columns = new Map((childOutputs.get(child) ?? []).map((name) => [name, child.source.scope.columns.get(name) ?? '']));
      return { ...child.source.scope, label: child.lateral.slice(1, -1), alias: child.lateral, columns, computed: new Map() };
    };
    const order = orderSql(scope, plan.order, params, (term) => relatedScope(term.relation!));
    const range = plan.range ?? { offset: 0, limit: null };
    const cap = toOne && plan.range === null ? null : this.options.maxRows;
    const limit = cap === null ? range.limit : Math.min(range.limit ?? cap, cap);
    const limitSql =
      limit === null && range.offset === 0 ? '' : ` LIMIT ${limit === null ? 'ALL' : params.add(String(limit))} OFFSET ${params.add(String(range.offset))}`;
    const groupBy = aggregated && groups.length ? ` GROUP BY ${groups.join(', ')}` : '';
    const sql =
      `SELECT ${selects.join(', ')} FROM ${source.from}${joins.join('')}` +
      `${where.length ? ` WHERE ${where.join(' AND ')}` : ''}${groupBy}${order}${limitSql}`;
    return { sql, outputs };
  }
}

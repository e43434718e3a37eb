import { key, type Catalogue, type ComputedField, type Relationship, type Table } from '../catalogue/types';
import { RestError } from '../errors';
import type { Scope } from './fields';
import { qualified, quoteIdent } from './identifiers';

/**
 * Where an embedded resource's rows come from and how they join their parent (PostgREST `fromF` and
 * `getJoinConditions`): the foreign table under its own alias, joined on the foreign key's columns; for a
 * many-to-many the junction table too; for a computed relationship the function called on the parent row.
 */

export interface NodeSource {
  schema: string;
  /** The table (or view) whose relationships and columns the node has; null for a scalar function result. */
  table: string | null;
  /** `FROM` items, e.g. `"public"."films" AS "films_1"`. */
  from: string;
  scope: Scope;
  /** Join conditions with the parent (empty at the top level). */
  joins: string[];
}

/** Column name → type of each table, built once per catalogue (the catalogue is replaced on reload). */
const columnTypes = new WeakMap<Table, ReadonlyMap<string, string>>();
const NO_COMPUTED: ReadonlyMap<string, ComputedField> = new Map();

export function tableScope(catalogue: Catalogue, schema: string, table: string, alias: string): Scope {
  const found = catalogue.tables.get(key(schema, table));
  if (!found) throw new RestError(500, { code: 'PGRSTX00', message: 'Internal server error' });
  let columns = columnTypes.get(found);
  if (!columns) {
    columns = new Map([...found.columns.values()].map((column) => [column.name, column.type]));
    columnTypes.set(found, columns);
  }
  return { catalogue, label: table, alias, columns, computed: catalogue.computedFields.get(key(schema, table)) ?? NO_COMPUTED };
}

export function embeddedSource(catalogue: Catalogue, relationship: Relationship, parent: Scope, depth: number): NodeSource {
  const aliasName = `${relationship.foreignTable}_${depth}`;
  const alias = quoteIdent(aliasName);
  // Errors name an embedded table by its alias (`column films_1.x does not exist`), as PostgreSQL does for PostgREST.
  const scope = { ...tableScope(catalogue, relationship.foreignSchema, relationship.foreignTable, alias), label: aliasName };
  const base = { schema: relationship.foreignSchema, table: relationship.foreignTable, scope };
  if (relationship.computed) {
    const table = qualified(relationship.schema, relationship.table);
    const fn = qualified(relationship.computed.schema, relationship.computed.name);
    return { ...base, from: `${fn}(${parent.alias}::${table}) AS ${alias}`, joins: [] };
  }
  const foreign = qualified(relationship.foreignSchema, relationship.foreignTable);
  const junction = relationship.junction;
  if (junction) {
    const junctionAlias = quoteIdent(`${junction.table}_${depth}_junction`);
    return {
      ...base,
      from: `${foreign} AS ${alias}, ${qualified(junction.schema, junction.table)} AS ${junctionAlias}`,
      joins: [
        ...junction.targetColumns.map(([target, column]) => `${alias}.${quoteIdent(target)} = ${junctionAlias}.${quoteIdent(column)}`),
        ...junction.sourceColumns.map(([source, column]) => `${junctionAlias}.${quoteIdent(column)} = ${parent.alias}.${quoteIdent(source)}`),
      ],
    };
  }
  return {
    ...base,
    from: `${foreign} AS ${alias}`,
    joins: relationship.columns.map(([column, foreign]) => `${alias}.${quoteIdent(foreign)} = ${parent.alias}.${quoteIdent(column)}`),
  };
}

/** PostgreSQL's own error for two subqueries of one query under the same name, as PostgREST answers it. */
export function duplicateAlias(alias: string): RestError {
  return new RestError(400, { code: '42712', message: `table name "${alias}" specified more than once` });
}

export function relatedOrderNotToOne(origin: string, target: string): RestError {
  return new RestError(400, {
    code: 'PGRST118',
    message: `A related order on '${target}' is not possible`,
    details: `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  });
}

export function aggregatesNotAllowed(): RestError {
  return new RestError(400, { code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
}

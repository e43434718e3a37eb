import { key, type Relationship, type Table } from './types';
import { viewForeignKeys, type ViewColumns } from './views';

/**
 * Relationships as PostgREST derives them from foreign keys (`SchemaCache.hs`): each key gives a
 * many-to-one from its table and a one-to-many back (one-to-one both ways when the key's columns are the
 * table's primary key or a unique constraint), and a junction table whose primary key covers two foreign
 * keys gives a many-to-many between the two tables it references. Functions taking a table's row and
 * returning rows of another table are computed relationships. Views selecting a key's columns carry the key
 * (`views.ts`); keys of tables outside the exposed schemas count only through such views.
 */

export interface ForeignKeyRow {
  constraint: string;
  schema: string;
  table: string;
  columns: string[];
  foreign_schema: string;
  foreign_table: string;
  foreign_columns: string[];
  /** The key's columns are unique in its table (read by the catalogue query; else from `uniqueKeys`). */
  one_to_one?: boolean;
}

export interface ComputedRelationshipRow {
  schema: string;
  function: string;
  table_schema: string;
  table: string;
  foreign_schema: string;
  foreign_table: string;
  to_one: boolean;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((item) => b.includes(item));

export function deriveRelationships(
  foreignKeys: ForeignKeyRow[],
  tables: Map<string, Table>,
  uniqueKeys: Map<string, string[][]>,
  computed: ComputedRelationshipRow[] = [],
  views: ViewColumns = new Map(),
): Map<string, Relationship[]> {
  const byOrigin = new Map<string, Relationship[]>();
  const add = (relationship: Relationship) => {
    const origin = key(relationship.schema, relationship.table);
    byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), relationship]);
  };
  const isView = (schema: string, name: string) => tables.get(key(schema, name))?.isView ?? false;

  const exposed = (schema: string, name: string) => tables.has(key(schema, name));
  const keys = foreignKeys.map((fk) => ({
    ...fk,
    one_to_one: fk.one_to_one ?? (uniqueKeys.get(key(fk.schema, fk.table)) ?? []).some((unique) => sameSet(unique, fk.columns)),
  }));
  for (const fk of [...keys, ...viewForeignKeys(keys, views)]) {
    if (!exposed(fk.schema, fk.table) || !exposed(fk.foreign_schema, fk.foreign_table)) continue;
    const pairs = fk.columns.map((column, index) => [column, fk.foreign_columns[index]!] as [string, string]);
    const isSelf = fk.schema === fk.foreign_schema && fk.table === fk.foreign_table;
    const oneToOne = fk.one_to_one === true;
    add({
      schema: fk.schema,
      table: fk.table,
      foreignSchema: fk.foreign_schema,
      foreignTable: fk.foreign_table,
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      constraint: fk.constraint,
      columns: pairs,
      isSelf,
      foreignIsView: isView(fk.foreign_schema, fk.foreign_table),
    });
    add({
      schema: fk.foreign_schema,
      table: fk.foreign_table,
      foreignSchema: fk.schema,
      foreignTable: fk.table,
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      constraint: fk.constraint,
      columns: pairs.map(([column, foreign]) => [foreign, column]),
      isSelf,
      foreignIsView: isView(fk.schema, fk.table),
    });
  }

  // Many-to-many through a junction table whose primary key covers both foreign keys.
  for (const first of foreignKeys) {
    for (const second of foreignKeys) {
      if (first === second || first.schema !== second.schema || first.table !== second.table) continue;
      if (!exposed(first.foreign_schema, first.foreign_table) || !exposed(second.foreign_schema, second.foreign_table)) continue;
      const junction = tables.get(key(first.schema, first.table));
      if (!junction || ![...first.columns, ...second.columns].every((column) => junction.primaryKey.includes(column))) continue;
      add({
        schema: first.foreign_schema,
        table: first.foreign_table,
        foreignSchema: second.foreign_schema,
        foreignTable: second.foreign_table,
        cardinality: 'many-to-many',
        constraint: first.table,
        columns: [],
        junction: {
          schema: first.schema,
          table: first.table,
          constraint1: first.constraint,
          constraint2: second.constraint,
          sourceColumns: first.columns.map((column, index) => [first.foreign_columns[index]!, column]),
          targetColumns: second.columns.map((column, index) => [second.foreign_columns[index]!, column]),
        },
        isSelf: first.foreign_schema === second.foreign_schema && first.foreign_table === second.foreign_table,
        foreignIsView: isView(second.foreign_schema, second.foreign_table),
      });
    }
  }

  for (const row of computed) {
    add({
      schema: row.table_schema,
      table: row.table,
      foreignSchema: row.foreign_schema,
      foreignTable: row.foreign_table,
      cardinality: row.to_one ? 'many-to-one' : 'one-to-many',
      constraint: row.function,
      columns: [],
      isSelf: row.table_schema === row.foreign_schema && row.table === row.foreign_table,
      foreignIsView: isView(row.foreign_schema, row.foreign_table),
      computed: { schema: row.schema, name: row.function },
    });
  }
  return byOrigin;
}

export function isToOne(relationship: Relationship): boolean {
  return relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one';
}

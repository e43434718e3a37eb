import type { ForeignKeyRow } from './relationships';

/**
 * Relationships through views, as PostgREST finds them (`allViewsKeyDependencies`, `addViewM2OAndO2ORels`): a
 * view column that is a plain reference to a table column carries that column's foreign keys. PostgreSQL records
 * where each output column of a view comes from in the view's rewrite rule (`pg_rewrite.ev_action`, the stored
 * query tree): every entry of the top-level target list has `resorigtbl`/`resorigcol` (through subqueries and
 * CTEs too; a view over a view points at the inner view, followed here). Pure.
 */

/** A token of PostgreSQL's node text (unescaped), null for `<>`, a node `{NAME :field value …}`, or a list `(…)`. */
type Item = string | null | TreeNode | Item[];
interface TreeNode {
  name: string;
  fields: Map<string, Item[]>;
}

/** `pg_strtok`: whitespace separates, `(){}` stand alone, a backslash escapes the next character. */
function tokens(text: string): { raw: string; value: string }[] {
  const result: { raw: string; value: string }[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === ' ' || char === '\n' || char === '\t' || char === '\r') {
      i++;
    } else if ('(){}'.includes(char)) {
      result.push({ raw: char, value: char });
      i++;
    } else {
      const start = i;
      let value = '';
      while (i < text.length && !' \n\t\r(){}'.includes(text[i]!)) {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        value += text[i];
        i++;
      }
      result.push({ raw: text.slice(start, i), value });
    }
  }
  return result;
}

/** Parses a node tree (`pg_node_tree` as text); throws on text it cannot read. */
export function parseNodeTree(text: string): Item {
  const list = tokens(text);
  let at = 0;
  const item = (): Item => {
    const token = list[at++];
    if (!token) throw new Error('node tree: unexpected end');
    if (token.raw === '(') {
      const items: Item[] = [];
      while (list[at] && list[at]!.raw !== ')') items.push(item());
      at++;
      return items;
    }
    if (token.raw === '{') {
      const node: TreeNode = { name: list[at++]?.value ?? '', fields: new Map() };
      let field: Item[] = [];
      while (list[at] && list[at]!.raw !== '}') {
        const next = list[at]!;
        if (next.raw.startsWith(':')) {
          at++;
          node.fields.set(next.raw.slice(1), (field = []));
        } else {
          field.push(item());
        }
      }
      at++;
      return node;
    }
    return token.raw === '<>' ? null : token.value;
  };
  return item();
}

/** A view column and the table column it is (`table` 0: an expression, not a column). */
export interface ViewColumnOrigin {
  column: string;
  table: number;
  attnum: number;
}

const isNode = (item: Item | undefined): item is TreeNode => typeof item === 'object' && item !== null && !Array.isArray(item);

/** The origins of a view's output columns, from its `_RETURN` rule's query tree. */
export function viewColumnOrigins(evAction: string): ViewColumnOrigin[] {
  const tree = parseNodeTree(evAction);
  const query = Array.isArray(tree) ? tree[0] : tree;
  if (!isNode(query) || query.name !== 'QUERY') return [];
  const targetList = query.fields.get('targetList')?.[0];
  if (!Array.isArray(targetList)) return [];
  const origins: ViewColumnOrigin[] = [];
  for (const entry of targetList) {
    if (!isNode(entry)) continue;
    const value = (field: string) => entry.fields.get(field)?.[0];
    const column = value('resname');
    const table = Number(value('resorigtbl'));
    const attnum = Number(value('resorigcol'));
    if (typeof column !== 'string' || value('resjunk') === 'true' || !(table > 0) || !(attnum > 0)) continue;
    origins.push({ column, table, attnum });
  }
  return origins;
}

/** A view of an exposed schema with its rewrite rule, and the columns of the relations its columns come from. */
export interface ViewRow {
  oid: number;
  schema: string;
  name: string;
  origins: ViewColumnOrigin[];
}
export interface ColumnNameRow {
  oid: number;
  attnum: number;
  schema: string;
  table: string;
  column: string;
}

/** For each view (`schema.view`), its columns that are table columns: view column → the table column. */
export type ViewColumns = Map<string, Map<string, { schema: string; table: string; column: string }>>;

/**
 * Follows each view column to the table column it is (through views over views), grouped by base table: a view
 * column → [schema, table, column]. A column over a view that is not one of `views` stays as it is.
 */
export function resolveViewColumns(views: ViewRow[], names: ColumnNameRow[]): ViewColumns {
  const byOid = new Map(views.map((view) => [view.oid, view]));
  const nameOf = new Map(names.map((row) => [`${row.oid}.${row.attnum}`, row]));
  const resolve = (table: number, attnum: number, seen: Set<number>): { schema: string; table: string; column: string } | undefined => {
    const row = nameOf.get(`${table}.${attnum}`);
    if (!row) return undefined;
    const inner = byOid.get(table);
    if (!inner || seen.has(table)) return { schema: row.schema, table: row.table, column: row.column };
    const origin = inner.origins.find((candidate) => candidate.column === row.column);
    return origin && resolve(origin.table, origin.attnum, new Set([...seen, table]));
  };
  const result: ViewColumns = new Map();
  for (const view of views) {
    const columns = new Map<string, { schema: string; table: string; column: string }>();
    for (const origin of view.origins) {
      const base = resolve(origin.table, origin.attnum, new Set([view.oid]));
      if (base) columns.set(origin.column, base);
    }
    result.set(`${view.schema}.${view.name}`, columns);
  }
  return result;
}

/** At most this many column combinations per key and view (a base column selected under several names). */
const MAX_COMBINATIONS = 16;

/** The view columns that are each of `columns` of `schema.table` (every combination, when one is selected twice). */
function viewColumnSets(
  origins: Map<string, { schema: string; table: string; column: string }>,
  schema: string,
  table: string,
  columns: string[],
): string[][] {
  let sets: string[][] = [[]];
  for (const column of columns) {
    const names = [...origins].filter(([, base]) => base.schema === schema && base.table === table && base.column === column).map(([name]) => name);
    sets = sets.flatMap((set) => names.map((name) => [...set, name])).slice(0, MAX_COMBINATIONS);
  }
  return sets.filter((set) => set.length === columns.length);
}

/**
 * The foreign keys views carry: for each key of a table a view selects the columns of, the same key from the view;
 * to a view selecting the referenced columns, the key to that view; and between two such views. Each keeps the base
 * key's `one_to_one` (a view has no unique index to read it from).
 */
export function viewForeignKeys(foreignKeys: ForeignKeyRow[], views: ViewColumns): ForeignKeyRow[] {
  const derived: ForeignKeyRow[] = [];
  const sides = (schema: string, table: string, columns: string[]) => {
    const found: { schema: string; table: string; columns: string[]; isView: boolean }[] = [{ schema, table, columns, isView: false }];
    for (const [key, origins] of views) {
      const dot = key.indexOf('.');
      for (const set of viewColumnSets(origins, schema, table, columns)) {
        found.push({ schema: key.slice(0, dot), table: key.slice(dot + 1), columns: set, isView: true });
      }
    }
    return found;
  };
  for (const fk of foreignKeys) {
    const froms = sides(fk.schema, fk.table, fk.columns);
    const tos = sides(fk.foreign_schema, fk.foreign_table, fk.foreign_columns);
    for (const from of froms) {
      for (const to of tos) {
        if (!from.isView && !to.isView) continue;
        derived.push({
          ...fk,
          schema: from.schema,
          table: from.table,
          columns: from.columns,
          foreign_schema: to.schema,
          foreign_table: to.table,
          foreign_columns: to.columns,
        });
      }
    }
  }
  return derived;
}

/**
 * What the data API may name, read from the PostgreSQL catalogue (PostgREST's schema cache): tables and
 * views, functions, relationships (foreign keys, one-to-one, many-to-many through junction tables,
 * computed relationships), computed fields, the types a cast may name, the time zones.
 * Keys of the maps are `schema.name`.
 */

export interface Column {
  name: string;
  /** `format_type()` of the column, used to type JSON bodies (`json_to_recordset(…) AS _("a" uuid, …)`). */
  type: string;
  /** The default expression (`pg_get_expr`, fully qualified), applied for `Prefer: missing=default`. */
  defaultExpression: string | null;
}

export interface Table {
  schema: string;
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  isView: boolean;
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Junction {
  table: string;
  schema: string;
  constraint1: string;
  constraint2: string;
  /** (origin column, junction column) pairs. */
  sourceColumns: [string, string][];
  /** (target column, junction column) pairs. */
  targetColumns: [string, string][];
}

export interface Relationship {
  schema: string;
  /** The origin: the table being read. */
  table: string;
  foreignSchema: string;
  /** The embedded table. */
  foreignTable: string;
  cardinality: Cardinality;
  /** Foreign key name (for many-to-many: the junction's name in hints). */
  constraint: string;
  /** (origin column, foreign column) pairs; empty for many-to-many. */
  columns: [string, string][];
  junction?: Junction;
  isSelf: boolean;
  foreignIsView: boolean;
  /** A function taking the origin's row (PostgREST computed relationship). */
  computed?: { schema: string; name: string };
}

export interface RoutineParam {
  /** Empty for an unnamed parameter. */
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  returnsSet: boolean;
  /** `void`, a single value, or rows with named columns. */
  returns: 'void' | 'scalar' | 'composite';
  /** Column names of a composite result (table row type or `returns table (…)`). */
  resultColumns: string[];
  /** The table whose row type it returns (`returns setof films`): its rows embed like the table's. */
  resultTable: string | null;
  /** `i`mmutable and `s`table functions run in a read-only transaction even for POST. */
  volatility: 'i' | 's' | 'v';
}

/** A function taking a table's row and returning a value: selectable and filterable like a column. */
export interface ComputedField {
  schema: string;
  function: string;
  returnType: string;
}

export interface Catalogue {
  /** Exposed schemas; the first is the default (PostgREST `db-schemas`). */
  schemas: string[];
  tables: Map<string, Table>;
  routines: Map<string, Routine[]>;
  /** Relationships by origin table (`schema.table`). */
  relationships: Map<string, Relationship[]>;
  /** Computed fields by table (`schema.table`), then by name. */
  computedFields: Map<string, Map<string, ComputedField>>;
  /** Cast names (lower case: `int`, `text`, `double precision`, a public enum…) → the quoted type. */
  types: Map<string, string>;
  timezones: Set<string>;
}

export function key(schema: string, name: string): string {
  return `${schema}.${name}`;
}

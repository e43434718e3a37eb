import { quoteIdent } from '../sql/identifiers';
import { deriveRelationships, type ComputedRelationshipRow, type ForeignKeyRow } from './relationships';
import { key, type Catalogue, type ComputedField, type Routine, type RoutineParam, type Table } from './types';
import type { ViewColumns } from './views';

/** Catalogue rows (the queries of `queries.ts`) → the catalogue, pure. */

export interface TableRow {
  schema: string;
  name: string;
  is_view: boolean;
  columns: { name: string; type: string; default: string | null }[];
  primary_key: string[];
  unique_keys: string[][];
}

export interface RoutineRow {
  schema: string;
  name: string;
  volatility: string;
  returns_set: boolean;
  rows: number;
  return_type: string;
  return_columns: string[] | null;
  return_table_schema: string | null;
  return_table: string | null;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  row_argument_of: string | null;
  defaults: number;
}

export interface TypeRow {
  schema: string;
  name: string;
  formatted: string;
}

export interface CatalogueRows {
  schemas: string[];
  tables: TableRow[];
  foreignKeys: ForeignKeyRow[];
  routines: RoutineRow[];
  types: TypeRow[];
  timezones: string[];
  /** Where views' columns come from (their relationships through the tables' keys). */
  views?: ViewColumns;
}

export function tableFromRow(row: TableRow): Table {
  return {
    schema: row.schema,
    name: row.name,
    columns: new Map(row.columns.map((column) => [column.name, { name: column.name, type: column.type, defaultExpression: column.default }])),
    primaryKey: row.primary_key,
    isView: row.is_view,
  };
}

/** One catalogue row of `pg_proc` → the parameters and result shape PostgREST works with. */
export function routineFromRow(row: RoutineRow): Routine {
  const modes = row.arg_modes ?? row.arg_types.map(() => 'i');
  const inputs: RoutineParam[] = [];
  const outputs: string[] = [];
  row.arg_types.forEach((type, index) => {
    const mode = modes[index] ?? 'i';
    const name = row.arg_names?.[index] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false, variadic: mode === 'v' });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push(name);
  });
  for (let i = inputs.length - row.defaults; i < inputs.length; i++) {
    if (i >= 0) inputs[i]!.hasDefault = true;
  }
  let returns: Routine['returns'] = 'scalar';
  let resultColumns: string[] = [];
  if (row.return_type === 'void') {
    returns = 'void';
  } else if (row.return_columns) {
    returns = 'composite';
    resultColumns = row.return_columns;
  } else if (row.return_type === 'record' && outputs.length > 1) {
    returns = 'composite';
    resultColumns = outputs;
  }
  return {
    schema: row.schema,
    name: row.name,
    params: inputs,
    returnsSet: row.returns_set,
    returns,
    resultColumns,
    resultTable: row.return_table && row.return_table_schema === row.schema ? row.return_table : null,
    volatility: row.volatility === 'i' || row.volatility === 's' ? row.volatility : 'v',
  };
}

/** Lower-case cast names → quoted type; SQL's spellings (`int`, `float`, `decimal`…) included. */
function typeNames(rows: TypeRow[]): Map<string, string> {
  const types = new Map<string, string>();
  const aliases: Record<string, string> = { int: 'int4', float: 'float8', decimal: 'numeric', char: 'bpchar', varchar: 'varchar' };
  for (const row of rows) {
    const sql = `${quoteIdent(row.schema)}.${quoteIdent(row.name)}`;
    const names = [row.name, row.formatted.replace(/^"?[^".]+"?\./, '').replaceAll('"', '')];
    for (const name of names) {
      // A type of an exposed schema shadows a built-in one of the same name only when written qualified.
      if (row.schema === 'pg_catalog' || !types.has(name.toLowerCase())) types.set(name.toLowerCase(), sql);
    }
  }
  for (const [alias, name] of Object.entries(aliases)) {
    const sql = types.get(name);
    if (sql) types.set(alias, sql);
  }
  return types;
}

/** Types a single unnamed parameter may have: the request body is passed to it whole (PostgREST's `callable`). */
const UNNAMED_PARAMETER_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/**
 * Whether `/rpc/` can call the function, as PostgREST's schema cache decides: every input parameter named, or a
 * single unnamed one of a type that takes the whole body. `f(integer)` or `f(public.messages)` cannot be called
 * (they stay computed fields), so they are neither matched nor listed as candidates.
 */
export function isCallable(routine: Routine): boolean {
  const unnamed = routine.params.filter((param) => param.name === '');
  return unnamed.length === 0 || (unnamed.length === 1 && UNNAMED_PARAMETER_TYPES.has(unnamed[0]!.type));
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * PostgREST's order of overloads (`instance Ord Routine`): fewer parameters first, then the parameters compared
 * one by one (name, type, optional before required, variadic), then a single result before a set. PGRST203 lists them so.
 */
export function compareOverloads(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  for (let i = 0; i < a.params.length; i++) {
    const [x, y] = [a.params[i]!, b.params[i]!];
    const order =
      compareText(x.name, y.name) || compareText(x.type, y.type) || Number(y.hasDefault) - Number(x.hasDefault) || Number(x.variadic) - Number(y.variadic);
    if (order) return order;
  }
  return Number(a.returnsSet) - Number(b.returnsSet);
}

export function buildCatalogue(rows: CatalogueRows): Catalogue {
  const tables = new Map(rows.tables.map((row) => [key(row.schema, row.name), tableFromRow(row)]));
  const uniqueKeys = new Map(rows.tables.map((row) => [key(row.schema, row.name), row.unique_keys]));
  const routines = new Map<string, Routine[]>();
  const computedFields = new Map<string, Map<string, ComputedField>>();
  const computedRelationships: ComputedRelationshipRow[] = [];
  for (const row of rows.routines) {
    const routine = routineFromRow(row);
    const routineKey = key(routine.schema, routine.name);
    if (isCallable(routine)) routines.set(routineKey, [...(routines.get(routineKey) ?? []), routine]);
    const rowOf = row.row_argument_of;
    if (!rowOf || !tables.has(rowOf) || routine.params.length !== 1) continue;
    const origin = tables.get(rowOf)!;
    if (routine.resultTable && tables.has(key(routine.schema, routine.resultTable))) {
      computedRelationships.push({
        schema: routine.schema,
        function: routine.name,
        table_schema: origin.schema,
        table: origin.name,
        foreign_schema: routine.schema,
        foreign_table: routine.resultTable,
        to_one: !routine.returnsSet || row.rows === 1,
      });
    } else if (routine.returns === 'scalar' && !routine.returnsSet) {
      const fields = computedFields.get(rowOf) ?? new Map<string, ComputedField>();
      fields.set(routine.name, { schema: routine.schema, function: routine.name, returnType: row.return_type });
      computedFields.set(rowOf, fields);
    }
  }
  for (const overloads of routines.values()) overloads.sort(compareOverloads);
  return {
    schemas: rows.schemas,
    tables,
    routines,
    relationships: deriveRelationships(rows.foreignKeys, tables, uniqueKeys, computedRelationships, rows.views),
    computedFields,
    types: typeNames(rows.types),
    timezones: new Set(rows.timezones),
  };
}

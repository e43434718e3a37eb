import type { Sql } from '../../db/client';

/**
 * What the data API may name: tables, views and functions of the exposed `public` schema, read from the
 * PostgreSQL catalogue at start and again on `NOTIFY pgrst, 'reload schema'` (sent by the migration runner).
 */

export interface Column {
  name: string;
  /** `format_type()` of the column, used to type JSON bodies (`json_to_recordset(…) AS _("a" uuid, …)`). */
  type: string;
  /** The default expression (`pg_get_expr`, fully qualified), applied for `Prefer: missing=default`. */
  defaultExpression: string | null;
}

export interface Table {
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
}

export interface RoutineParam {
  /** Empty for an unnamed parameter. */
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface Routine {
  name: string;
  params: RoutineParam[];
  returnsSet: boolean;
  /** `void`, a single value, or rows with named columns. */
  returns: 'void' | 'scalar' | 'composite';
  /** Column names of a composite result (table row type or `returns table (…)`). */
  resultColumns: string[];
  /** `i`mmutable and `s`table functions run in a read-only transaction even for POST. */
  volatility: 'i' | 's' | 'v';
}

export interface Catalogue {
  tables: Map<string, Table>;
  routines: Map<string, Routine[]>;
}

export interface TableRow {
  name: string;
  columns: { name: string; type: string; default: string | null }[];
  primary_key: string[];
}

export interface RoutineRow {
  name: string;
  volatility: string;
  returns_set: boolean;
  return_type: string;
  return_columns: string[] | null;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  defaults: number;
}

// Run with search_path = pg_catalog so pg_get_expr qualifies every non-catalog name in default expressions.
const TABLES_SQL = `
select c.relname as name,
  coalesce((
    select json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'default', case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end
    ) order by a.attnum)
    from pg_attribute a
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]') as columns,
  coalesce((
    select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
    from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
    where i.indrelid = c.oid and i.indisprimary
  ), '[]') as primary_key
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by c.relname`;

const ROUTINES_SQL = `
select p.proname as name,
  p.provolatile::text as volatility,
  p.proretset as returns_set,
  format_type(p.prorettype, null) as return_type,
  case when t.typrelid <> 0 then (
    select json_agg(a.attname order by a.attnum) from pg_attribute a
    where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
  ) end as return_columns,
  p.proargnames as arg_names,
  p.proargmodes::text[] as arg_modes,
  array(
    select format_type(u.type_oid, null)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(type_oid, position)
    order by u.position
  ) as arg_types,
  p.pronargdefaults::int as defaults
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
where n.nspname = 'public'
  and p.prokind = 'f'
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype, 'internal'::regtype)
  and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
order by p.proname, p.oid`;

export function tableFromRow(row: TableRow): Table {
  return {
    name: row.name,
    columns: new Map(row.columns.map((column) => [column.name, { name: column.name, type: column.type, defaultExpression: column.default }])),
    primaryKey: row.primary_key,
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
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      inputs.push({ name, type, hasDefault: false, variadic: mode === 'v' });
    }
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
    name: row.name,
    params: inputs,
    returnsSet: row.returns_set,
    returns,
    resultColumns,
    volatility: row.volatility === 'i' || row.volatility === 's' ? row.volatility : 'v',
  };
}

export async function loadCatalogue(sql: Sql): Promise<Catalogue> {
  return sql.begin('read only', async (tx) => {
    await tx.unsafe(`set local search_path = pg_catalog`);
    const tables = await tx.unsafe<TableRow[]>(TABLES_SQL);
    const routines = await tx.unsafe<RoutineRow[]>(ROUTINES_SQL);
    const byName = new Map<string, Routine[]>();
    for (const row of routines) {
      const routine = routineFromRow(row);
      byName.set(routine.name, [...(byName.get(routine.name) ?? []), routine]);
    }
    return {
      tables: new Map(tables.map((row) => [row.name, tableFromRow(row)])),
      routines: byName,
    };
  });
}

export interface SchemaCache {
  current(): Catalogue;
  reload(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Loads the catalogue now and keeps it fresh: `NOTIFY pgrst, 'reload schema'` (or an empty payload, as
 * PostgREST accepts) reloads it. A failed reload keeps the previous catalogue.
 */
export async function createSchemaCache(sql: Sql, log: (message: string) => void = () => {}): Promise<SchemaCache> {
  let catalogue = await loadCatalogue(sql);
  let pending: Promise<void> | undefined;
  const reload = async () => {
    // Coalesce bursts of notifications (a migration run sends one per batch).
    pending ??= (async () => {
      try {
        catalogue = await loadCatalogue(sql);
      } catch (error) {
        log(`schema cache reload failed, keeping the previous one: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        pending = undefined;
      }
    })();
    return pending;
  };
  let isFirstListen = true;
  const subscription = await sql.listen(
    'pgrst',
    (payload) => {
      if (payload === '' || payload === 'reload schema') void reload();
    },
    () => {
      // Subscribed again after the connection was lost (PostgreSQL restarted): notifications may have been missed.
      if (!isFirstListen) void reload();
      isFirstListen = false;
    },
  );
  return {
    current: () => catalogue,
    reload,
    async close() {
      await subscription.unlisten().catch(() => {});
    },
  };
}

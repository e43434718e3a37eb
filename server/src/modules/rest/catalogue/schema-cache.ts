import type { TransactionSql } from 'postgres';
import type { Sql } from '../../../db/client';
import { buildCatalogue, type RoutineRow, type TableRow, type TypeRow } from './from-rows';
import { COLUMN_NAMES_SQL, FOREIGN_KEYS_SQL, ROUTINES_SQL, TABLES_SQL, TIMEZONES_SQL, TYPES_SQL, VIEWS_SQL } from './queries';
import type { ForeignKeyRow } from './relationships';
import type { Catalogue } from './types';
import { resolveViewColumns, viewColumnOrigins, type ColumnNameRow, type ViewColumnOrigin, type ViewColumns, type ViewRow } from './views';

/**
 * The catalogue of the exposed schemas, read at start and again on `NOTIFY pgrst, 'reload schema'` (sent by
 * the migration runner; an empty payload too, as PostgREST accepts). A failed reload keeps the previous one.
 */

/** Where the columns of the exposed schemas' views come from (a view whose tree cannot be read has none). */
async function loadViewColumns(tx: TransactionSql, schemas: string[]): Promise<ViewColumns> {
  const rows = await tx.unsafe<{ oid: number; schema: string; name: string; definition: string }[]>(VIEWS_SQL, [schemas]);
  const views: ViewRow[] = rows.map((row) => {
    let origins: ViewColumnOrigin[] = [];
    try {
      origins = viewColumnOrigins(row.definition);
    } catch {
      // not a tree this reader knows: the view has no relationships
    }
    return { oid: row.oid, schema: row.schema, name: row.name, origins };
  });
  const origins = views.flatMap((view) => view.origins);
  const names = origins.length
    ? await tx.unsafe<ColumnNameRow[]>(COLUMN_NAMES_SQL, [origins.map((origin) => String(origin.table)), origins.map((origin) => String(origin.attnum))])
    : [];
  return resolveViewColumns(views, [...names]);
}

export async function loadCatalogue(sql: Sql, schemas: readonly string[] = ['public']): Promise<Catalogue> {
  return sql.begin('read only', async (tx) => {
    await tx.unsafe(`set local search_path = pg_catalog`);
    const list = [...schemas];
    const tables = await tx.unsafe<TableRow[]>(TABLES_SQL, [list]);
    const views = await loadViewColumns(tx, list);
    const baseSchemas = [...new Set([...views.values()].flatMap((columns) => [...columns.values()].map((column) => column.schema)))];
    const foreignKeys = await tx.unsafe<ForeignKeyRow[]>(FOREIGN_KEYS_SQL, [list, baseSchemas.filter((name) => !list.includes(name))]);
    const routines = await tx.unsafe<RoutineRow[]>(ROUTINES_SQL, [list]);
    const types = await tx.unsafe<TypeRow[]>(TYPES_SQL, [list]);
    const timezones = await tx.unsafe<{ name: string }[]>(TIMEZONES_SQL);
    return buildCatalogue({
      schemas: list,
      tables: [...tables],
      foreignKeys: [...foreignKeys],
      routines: [...routines],
      types: [...types],
      timezones: timezones.map((row) => row.name),
      views,
    });
  });
}

export interface SchemaCache {
  current(): Catalogue;
  reload(): Promise<void>;
  close(): Promise<void>;
}

export async function createSchemaCache(
  sql: Sql,
  schemas: readonly string[] = ['public'],
  log: (message: string) => void = () => {},
): Promise<SchemaCache> {
  let catalogue = await loadCatalogue(sql, schemas);
  let pending: Promise<void> | undefined;
  const reload = async () => {
    // Coalesce bursts of notifications (a migration run sends one per batch).
    pending ??= (async () => {
      try {
        catalogue = await loadCatalogue(sql, schemas);
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

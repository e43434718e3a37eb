import type { Sql } from '../../../db/client';
import { buildCatalogue, type RoutineRow, type TableRow, type TypeRow } from './from-rows';
import { FOREIGN_KEYS_SQL, ROUTINES_SQL, TABLES_SQL, TIMEZONES_SQL, TYPES_SQL } from './queries';
import type { ForeignKeyRow } from './relationships';
import type { Catalogue } from './types';

/**
 * The catalogue of the exposed schemas, read at start and again on `NOTIFY pgrst, 'reload schema'` (sent by
 * the migration runner; an empty payload too, as PostgREST accepts). A failed reload keeps the previous one.
 */

export async function loadCatalogue(sql: Sql, schemas: readonly string[] = ['public']): Promise<Catalogue> {
  return sql.begin('read only', async (tx) => {
    await tx.unsafe(`set local search_path = pg_catalog`);
    const list = [...schemas];
    const tables = await tx.unsafe<TableRow[]>(TABLES_SQL, [list]);
    const foreignKeys = await tx.unsafe<ForeignKeyRow[]>(FOREIGN_KEYS_SQL, [list]);
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

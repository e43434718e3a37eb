import type { Sql } from '../../db/client';
import { quoteIdent } from '../../db/client';

/**
 * PostgREST's in-database configuration (`db-config`), the part this server reads: `pgrst.db_pre_request`, set on
 * the `authenticator` role (`alter role authenticator in database … set pgrst.db_pre_request = 'schema.fn'`),
 * loaded at start and again on `NOTIFY pgrst, 'reload config'`. A migration sets it; hosted Supabase's PostgREST
 * reads the same row, so both backends run the same function.
 */

export interface DbConfig {
  /** `select <preRequest>()` runs in every request's transaction after the settings; undefined: none configured. */
  preRequest: string | undefined;
}

/** The role whose settings PostgREST reads: the one it connects as. */
export const AUTHENTICATOR_ROLE = 'authenticator';

/**
 * PostgREST's `toQi`: `schema.fn` → `"schema"."fn"`, a bare `fn` stays unqualified (found through the request's
 * search_path). Only the first dot separates, as in PostgREST.
 */
export function functionCallName(setting: string): string | undefined {
  const value = setting.trim();
  if (value === '') return undefined;
  const dot = value.indexOf('.');
  if (dot < 0) return quoteIdent(value);
  return `${quoteIdent(value.slice(0, dot))}.${quoteIdent(value.slice(dot + 1))}`;
}

// PostgREST's `queryDbSettings`: the role's settings for this database win over its settings for every database.
const SETTINGS_SQL = `
  with role_setting as (
    select s.setdatabase as database, unnest(s.setconfig) as setting
    from pg_catalog.pg_db_role_setting s
    where s.setrole = (select r.oid from pg_catalog.pg_roles r where r.rolname = $1)
      and s.setdatabase in (0, (select d.oid from pg_catalog.pg_database d where d.datname = current_catalog))
  ), kv as (
    select database, substr(setting, 1, strpos(setting, '=') - 1) as k, substr(setting, strpos(setting, '=') + 1) as v
    from role_setting
  )
  select distinct on (k) k as key, v as value from kv
  where k = 'pgrst.db_pre_request' and v is not null
  order by k, database desc nulls last`;

export async function loadDbConfig(sql: Sql, role: string = AUTHENTICATOR_ROLE): Promise<DbConfig> {
  const rows = await sql.unsafe<{ key: string; value: string }[]>(SETTINGS_SQL, [role]);
  const preRequest = rows.find((row) => row.key === 'pgrst.db_pre_request')?.value;
  return { preRequest: preRequest === undefined ? undefined : functionCallName(preRequest) };
}

export interface DbConfigCache {
  current(): DbConfig;
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** Loads the configuration now and on `NOTIFY pgrst, 'reload config'`; a failed reload keeps the previous one. */
export async function createDbConfigCache(
  sql: Sql,
  options: { role?: string; log?: (message: string) => void } = {},
): Promise<DbConfigCache> {
  const role = options.role ?? AUTHENTICATOR_ROLE;
  let config = await loadDbConfig(sql, role);
  const reload = async () => {
    try {
      config = await loadDbConfig(sql, role);
    } catch (error) {
      options.log?.(`config reload failed, keeping the previous one: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const subscription = await sql.listen('pgrst', (payload) => {
    if (payload === 'reload config') void reload();
  });
  return {
    current: () => config,
    reload,
    async close() {
      await subscription.unlisten().catch(() => {});
    },
  };
}

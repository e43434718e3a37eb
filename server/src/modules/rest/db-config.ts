import type { Sql } from '../../db/client';
import { quoteIdent } from '../../db/client';

/**
 * PostgREST's in-database configuration (`db-config`, `Config/Database.hs`): the `pgrst.*` settings of the
 * `authenticator` role (`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`; a setting for this
 * database, `… in database …`, wins over one for every database), loaded at start and again on
 * `NOTIFY pgrst, 'reload config'`. Hosted Supabase's PostgREST reads the same rows, so a migration that sets one
 * configures both backends. As in PostgREST, a setting in the database wins over the server's own configuration
 * (the environment: `DB_AGGREGATES_ENABLED`), which wins over the default.
 */

/** How a transaction ends (`db-tx-end`): commit or roll back, and whether `Prefer: tx=` may say otherwise. */
export interface TxEnd {
  rollback: boolean;
  allowOverride: boolean;
}

export interface DbConfig {
  /** `select <preRequest>()` runs in every request's transaction after the settings; undefined: none configured. */
  preRequest: string | undefined;
  /** `db-aggregates-enabled`: `count()`, `sum()`… in `select`. */
  aggregatesEnabled: boolean;
  /** `db-max-rows`: at most this many rows per read (null: no limit). */
  maxRows: number | null;
  /** `db-tx-end`. */
  txEnd: TxEnd;
  /** `db-extra-search-path`: schemas after the request's own in `search_path`. */
  extraSearchPath: string[];
}

/** The server's own configuration of the same settings (the environment), used where the database sets none. */
export interface DbConfigDefaults {
  aggregatesEnabled: boolean;
  maxRows: number | null;
  txEnd: TxEnd;
  extraSearchPath: string[];
}

/** Supabase's PostgREST configuration: 1,000 rows per read, `public, extensions` searched, `tx=` honoured. */
export const SUPABASE_DEFAULTS: DbConfigDefaults = {
  aggregatesEnabled: false,
  maxRows: 1000,
  txEnd: { rollback: false, allowOverride: true },
  extraSearchPath: ['public', 'extensions'],
};

/** The role whose settings PostgREST reads: the one it connects as. */
export const AUTHENTICATOR_ROLE = 'authenticator';

/**
 * Every setting PostgREST reads from the role (`dbSettingsNames`). The server applies `db_pre_request`,
 * `db_aggregates_enabled`, `db_max_rows`, `db_tx_end` and `db_extra_search_path`; the others configure parts it
 * does not have or takes from its own configuration (decision 0002 says which and why).
 */
export const PGRST_SETTINGS = [
  'db_aggregates_enabled',
  'client_error_verbosity',
  'db_anon_role',
  'db_pre_config',
  'db_extra_search_path',
  'db_max_rows',
  'db_plan_enabled',
  'db_pre_request',
  'db_prepared_statements',
  'db_root_spec',
  'db_schemas',
  'db_tx_end',
  'db_hoisted_tx_settings',
  'jwt_aud',
  'jwt_role_claim_key',
  'jwt_secret',
  'jwt_secret_is_base64',
  'jwt_cache_max_lifetime',
  'openapi_mode',
  'openapi_security_active',
  'openapi_server_proxy_uri',
  'server_cors_allowed_origins',
  'server_trace_header',
  'server_timing_enabled',
  'url_use_legacy_target_names',
].map((name) => `pgrst.${name}`);

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

/** PostgREST's `coerceBool`: letters only, any case (`'true'`, `TRUE`, `"false"`), else a number (> 0 is true). */
export function settingBoolean(value: string): boolean | undefined {
  const letters = value.replace(/[^A-Za-z]/g, '').toLowerCase();
  if (letters === 'true') return true;
  if (letters === 'false') return false;
  return /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) > 0 : undefined;
}

function settingInteger(value: string): number | undefined {
  return /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}

const TX_ENDS: Record<string, TxEnd> = {
  commit: { rollback: false, allowOverride: false },
  'commit-allow-override': { rollback: false, allowOverride: true },
  rollback: { rollback: true, allowOverride: false },
  'rollback-allow-override': { rollback: true, allowOverride: true },
};

/**
 * The role's settings (`pgrst.` names → text) over the defaults. A value PostgREST would refuse is ignored here:
 * the default stays, as the previous configuration does when PostgREST's reload fails.
 */
export function dbConfigOf(settings: Map<string, string>, defaults: DbConfigDefaults): DbConfig {
  const value = (name: string) => settings.get(`pgrst.${name}`);
  const text = (name: string) => (value(name) === '' ? undefined : value(name));
  const maxRows = text('db_max_rows');
  const extraSearchPath = value('db_extra_search_path');
  return {
    preRequest: functionCallName(value('db_pre_request') ?? ''),
    aggregatesEnabled: settingBoolean(text('db_aggregates_enabled') ?? '') ?? defaults.aggregatesEnabled,
    maxRows: maxRows === undefined ? defaults.maxRows : (settingInteger(maxRows) ?? defaults.maxRows),
    txEnd: TX_ENDS[text('db_tx_end') ?? ''] ?? defaults.txEnd,
    extraSearchPath:
      extraSearchPath === undefined
        ? defaults.extraSearchPath
        : extraSearchPath
            .split(',')
            .map((schema) => schema.trim())
            .filter((schema) => schema !== ''),
  };
}

/** How this request's transaction ends, and whether its `Prefer: tx=` was applied (Preference-Applied). */
export function transactionEndOf(txEnd: TxEnd, preferred: 'commit' | 'rollback' | undefined): { rollback: boolean; applied: boolean } {
  if (txEnd.allowOverride && preferred !== undefined) return { rollback: preferred === 'rollback', applied: true };
  return { rollback: txEnd.rollback, applied: false };
}

/** `search_path`: the request's schema, then `db-extra-search-path`, each once (simple names unquoted). */
export function searchPathOf(schema: string, extra: readonly string[]): string {
  return [...new Set([schema, ...extra])].map((name) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : quoteIdent(name))).join(', ');
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
  where k = any($2::text[]) and v is not null
  order by k, database desc nulls last`;

export async function loadDbConfig(sql: Sql, defaults: DbConfigDefaults = SUPABASE_DEFAULTS, role: string = AUTHENTICATOR_ROLE): Promise<DbConfig> {
  const rows = await sql.unsafe<{ key: string; value: string }[]>(SETTINGS_SQL, [role, PGRST_SETTINGS]);
  return dbConfigOf(new Map(rows.map((row) => [row.key, row.value])), defaults);
}

export interface DbConfigCache {
  current(): DbConfig;
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** Loads the configuration now and on `NOTIFY pgrst, 'reload config'`; a failed reload keeps the previous one. */
export async function createDbConfigCache(
  sql: Sql,
  options: { role?: string; defaults?: DbConfigDefaults; log?: (message: string) => void } = {},
): Promise<DbConfigCache> {
  const role = options.role ?? AUTHENTICATOR_ROLE;
  const defaults = options.defaults ?? SUPABASE_DEFAULTS;
  let config = await loadDbConfig(sql, defaults, role);
  const reload = async () => {
    try {
      config = await loadDbConfig(sql, defaults, role);
    } catch (error) {
      options.log?.(`config reload failed, keeping the previous one: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let isFirstListen = true;
  const subscription = await sql.listen(
    'pgrst',
    (payload) => {
      if (payload === 'reload config') void reload();
    },
    () => {
      // Subscribed again after the connection was lost: a notification may have been missed.
      if (!isFirstListen) void reload();
      isFirstListen = false;
    },
  );
  return {
    current: () => config,
    reload,
    async close() {
      await subscription.unlisten().catch(() => {});
    },
  };
}

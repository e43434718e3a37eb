import type { Config } from './config';
import type { Sql } from './db/client';
import type { ApiKeys } from './lib/api-keys';

/** What every module gets: resolved configuration, the database pool and the API keys. */
export interface AppContext {
  config: Config & { jwtSecret: string };
  sql: Sql;
  keys: ApiKeys;
}

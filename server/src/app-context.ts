import type { Config } from './config';
import type { DatabaseAvailability } from './db/availability';
import type { Sql } from './db/client';
import type { ApiKeys } from './lib/api-keys';

/** What every module gets: resolved configuration, the database pool, its availability and the API keys. */
export interface AppContext {
  config: Config & { jwtSecret: string };
  sql: Sql;
  keys: ApiKeys;
  /** Whether the database can be reached; buildApp probes through `sql` when not given. */
  database?: DatabaseAvailability;
}

export type ModuleContext = AppContext & { database: DatabaseAvailability };

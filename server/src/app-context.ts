import type { Config } from './config';
import type { DatabaseAvailability } from './db/availability';
import type { Sql } from './db/client';
import type { ApiKeys } from './lib/api-keys';
import type { EncryptionKeyRing } from './lib/encryption-keys';
import type { JwtKeys } from './lib/jwt-keys';

/** What every module gets: resolved configuration, the database pool, its availability and the API keys. */
export interface AppContext {
  config: Config & { jwtSecret: string };
  sql: Sql;
  keys: ApiKeys;
  /** Token signing and verification keys; buildApp makes a fresh signing key when not given (tests, benchmarks). */
  jwtKeys?: JwtKeys;
  /** Keys of stored secrets (two-factor); buildApp makes a fresh one when not given. */
  encryptionKeys?: EncryptionKeyRing;
  /** Whether the database can be reached; buildApp probes through `sql` when not given. */
  database?: DatabaseAvailability;
}

export type ModuleContext = AppContext & { database: DatabaseAvailability; jwtKeys: JwtKeys; encryptionKeys: EncryptionKeyRing };

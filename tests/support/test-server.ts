import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { createSql, type Sql } from '../../server/src/db/client';
import { freePort } from '../../server/src/db/embedded';
import { deriveApiKeys } from '../../server/src/lib/api-keys';
import type { TaskDefinition } from '../../server/src/jobs/define-task';
import { addEncryptionKey, type EncryptionKeyRing } from '../../server/src/lib/encryption-keys';
import { type JwtKeys, parseJwtKeys, rotateJwtKeysText } from '../../server/src/lib/jwt-keys';
import type { Database } from '../../src/types/database';
import { createDatabaseFromTemplate, type TestDatabase } from './cluster';

export interface TestServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** The signing key of users' access tokens (RS256) beside the HS256 secret. */
  jwtKeys: JwtKeys;
  /** The key ring of two-factor secrets. */
  encryptionKeys: EncryptionKeyRing;
  config: Config & { jwtSecret: string };
  /** Superuser connection to this file's database (setup and read-back only). */
  sql: Sql;
  app: FastifyInstance;
  db: TestDatabase;
  /** A fresh supabase-js client (no persisted session, no auto refresh). */
  client(options?: { storageKey?: string }): SupabaseClient<Database>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** The URL the server connects through (e.g. a proxy's), from this file's database URL. */
  serverDatabaseUrl?: (url: string) => Promise<string>;
  /** false: no job runner, so queued work stays unconsumed, as on hosted Supabase before a worker runs. */
  jobRunner?: boolean;
  /**
   * true: the analytics rollup job repeats (every ANALYTICS_ROLLUP_SECONDS). Off by default here: reports then
   * refresh rollups themselves (the hosted path without pg_cron), and no job writes rollups under a test.
   */
  rollupJob?: boolean;
  /** The runner's tasks (default: every registered task). */
  jobTasks?: readonly TaskDefinition[];
}

/**
 * The real server (buildApp) on a free port over this file's own copy of the migrated database.
 * `env` takes the same variables as the real server (e.g. { AUTH_AUTOCONFIRM: 'false' }); `jobRunner: false` leaves
 * background work unconsumed (as on hosted Supabase before a worker runs).
 */
export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const db = await createDatabaseFromTemplate(inject('cluster'));
  const serverUrl = options.serverDatabaseUrl ? await options.serverDatabaseUrl(db.url) : db.url;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bb-test-data-'));
  await chmod(dataDir, 0o755);
  const jwtSecret = randomBytes(32).toString('hex');
  // A known port, so SITE_URL (the base of e-mail links and of allowed redirects) is this server's own address.
  const port = await freePort();
  const config = {
    ...loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: serverUrl,
      LOG_LEVEL: 'silent',
      ...env,
    }),
    jwtSecret,
  };
  const sql = createSql(serverUrl, { max: 10 });
  const keys = await deriveApiKeys(jwtSecret);
  const jwtKeys = parseJwtKeys(await rotateJwtKeysText(undefined), jwtSecret);
  const encryptionKeys = addEncryptionKey(undefined);
  const app = await buildApp(
    { config, sql, keys, jwtKeys, encryptionKeys },
    { logger: false, jobRunner: options.jobRunner ?? true, rollupJob: options.rollupJob ?? false, jobTasks: options.jobTasks },
  );
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret,
    jwtKeys,
    encryptionKeys,
    config,
    sql,
    app,
    db,
    client: (options = {}) =>
      createClient<Database>(url, keys.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: options.storageKey },
      }),
    async close() {
      await app.close();
      await sql.end({ timeout: 5 });
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

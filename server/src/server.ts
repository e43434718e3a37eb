import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, type Config } from './config';
import { createAvailability, type DatabaseAvailability } from './db/availability';
import { createSql, ensureDatabase, withDatabase, type Sql } from './db/client';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './db/embedded';
import { EMBEDDED_DATABASE } from './db/embedded-database';
import { migrate } from './db/migrate';
import { ensureDataDir, resolveEncryptionKeys, resolveJwtKeys, resolveJwtSecret, resolvePostgresPassword } from './data-dir';
import { deriveApiKeys } from './lib/api-keys';
import { listenOnMoreHandles, type MoreHandles } from './lib/listen-handles';
import { ensureSiteAdmin } from './modules/auth/site-admin';
import { seedStorage } from './modules/storage/storage-seed';
import { MIGRATIONS_DIR, SHIM_DIR, STORAGE_SEED_DIR } from './project-paths';

export interface RunningServer {
  app: FastifyInstance;
  sql: Sql;
  url: string;
  stop(): Promise<void>;
}

function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new ConfigError(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is already in use. Stop the other program or start with another port, e.g. PORT=${port + 1}.`
            : `Cannot listen on ${host}:${port} (${error.code ?? error.message}). Set PORT and HOST to an address this user may use.`,
        ),
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function connect(url: string, embedded: boolean): Promise<Sql> {
  const sql = createSql(url);
  try {
    const [row] = await sql<{ version: number }[]>`select current_setting('server_version_num')::int as version`;
    if (row!.version < 150000) {
      throw new ConfigError(`DATABASE_URL points to PostgreSQL ${Math.floor(row!.version / 10000)}; version 15 or newer is needed.`);
    }
    return sql;
  } catch (error) {
    await sql.end({ timeout: 1 }).catch(() => {});
    if (error instanceof ConfigError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      embedded
        ? `Cannot connect to the embedded PostgreSQL: ${reason}`
        : `Cannot connect to DATABASE_URL: ${reason}. Check that PostgreSQL is running and the URL, user and password are right.`,
    );
  }
}

/**
 * Starts everything in order: data directory, database (embedded unless DATABASE_URL), migrations,
 * the site admin, then HTTP. `stop()` undoes it in reverse order.
 */
export async function startServer(config: Config, log: (message: string) => void): Promise<RunningServer> {
  await ensureDataDir(config.dataDir);
  await assertPortFree(config.host, config.port);
  const jwtSecret = await resolveJwtSecret(config.dataDir, config.jwtSecret);
  const jwtKeys = await resolveJwtKeys(config.dataDir, config.jwtKeys, jwtSecret);
  const encryptionKeys = await resolveEncryptionKeys(config.dataDir, config.encryptionKeys);

  let pg: EmbeddedPostgresHandle | undefined;
  let sql: Sql | undefined;
  let probeSql: Sql | undefined;
  let database: DatabaseAvailability | undefined;
  let app: FastifyInstance | undefined;
  let moreHandles: MoreHandles | undefined;
  // Each step is bounded, so a stop completes even with the database gone (in-flight requests fail fast then).
  const stop = async () => {
    // The extra handles stop accepting first; their connections are the HTTP server's, which app.close() ends.
    const extraClosed = moreHandles?.close();
    await app?.close().catch(() => {});
    if (extraClosed) await Promise.race([extraClosed, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    database?.close();
    await Promise.all([sql?.end({ timeout: 3 }), probeSql?.end({ timeout: 1 })]).catch(() => {});
    await pg?.stop().catch(() => {});
  };

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const logDir = path.join(config.dataDir, 'logs');
      pg = await startEmbeddedPostgres({
        databaseDir: path.join(config.dataDir, 'postgres'),
        password: await resolvePostgresPassword(config.dataDir),
        logDir,
        log,
      });
      log(`PostgreSQL logs to ${logDir}`);
      await ensureDatabase(pg.url, EMBEDDED_DATABASE);
      databaseUrl = withDatabase(pg.url, EMBEDDED_DATABASE);
    }
    sql = await connect(databaseUrl, Boolean(pg));
    const probe = createSql(databaseUrl, { max: 1, applicationName: 'beyond-brochures probe' });
    probeSql = probe;
    database = createAvailability(() => probe`select 1`, (message) => log(message));
    const availability = database;
    pg?.onStateChange((state) => availability.setRestarting(state === 'restarting'));
    const migrated = await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR, log });
    if (!migrated.isLocalAuth) log('auth.users exists: using the database as a Supabase database (no local auth shim)');

    const admin = await ensureSiteAdmin(sql, { username: config.adminUsername, password: config.adminPassword });
    if (admin.generatedPassword) {
      log(`Site admin created: username "${admin.username}", password "${admin.generatedPassword}" (shown once; keep it now)`);
    } else if (admin.created) {
      log(`Site admin created: username "${admin.username}" with ADMIN_PASSWORD`);
    }

    const seeded = await seedStorage(sql, config.storageDir, STORAGE_SEED_DIR);
    for (const object of seeded.copied) log(`storage: added ${object}`);

    const keys = await deriveApiKeys(jwtSecret);
    app = await buildApp({ config: { ...config, jwtSecret, databaseUrl }, sql, keys, jwtKeys, encryptionKeys, database });
    await app.listen({ port: config.port, host: config.host });
    // More accepts per event-loop turn under load (LISTEN_HANDLES; decision 0007, session 14). Without them the server
    // still works, accepting one new connection per turn.
    moreHandles = await listenOnMoreHandles(app.server, config.listenHandles).catch((error: unknown) => {
      log(`Listening on one handle only (LISTEN_HANDLES=${config.listenHandles} not applied: ${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    });
    const address = app.server.address() as net.AddressInfo;
    const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${address.port}`;
    // Read by the Vite dev server to inject the same settings into its page.
    await writeFile(path.join(config.dataDir, 'public-config.json'), JSON.stringify({ url, anonKey: keys.anonKey }));
    return { app, sql, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

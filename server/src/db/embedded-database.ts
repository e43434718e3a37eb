import path from 'node:path';
import { resolvePostgresPassword } from '../data-dir';
import { runningPostmaster, type Postmaster } from './postmaster';

/** The database the server keeps its data in, inside the embedded PostgreSQL of DATA_DIR. */
export const EMBEDDED_DATABASE = 'app';

/** The URL of the embedded database on a PostgreSQL at `port`, as its `postgres` user with DATA_DIR's password. */
export function embeddedDatabaseUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

/**
 * The embedded PostgreSQL of DATA_DIR while something (a running `npm start`) runs it: its postmaster and the URL of
 * the server's database; null when it is not running. What `npm run worker` and the CLI join.
 */
export async function runningEmbeddedDatabase(dataDir: string): Promise<(Postmaster & { url: string }) | null> {
  const running = await runningPostmaster(path.join(dataDir, 'postgres'));
  if (!running) return null;
  return { ...running, url: embeddedDatabaseUrl(await resolvePostgresPassword(dataDir), running.port) };
}

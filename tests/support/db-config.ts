import { quoteIdent } from '../../server/src/db/client';
import type { TestServer } from './test-server';

/**
 * PostgREST's in-database configuration in a test: sets (or resets, with null) `pgrst.<name>` on the
 * `authenticator` role for this test's own database (the cluster is shared, so never role-wide) and sends
 * `NOTIFY pgrst, 'reload config'`, as a migration does.
 */
export async function configureAuthenticator(server: TestServer, name: string, value: string | null): Promise<void> {
  const database = quoteIdent(server.db.name);
  if (value === null) await server.sql.unsafe(`alter role authenticator in database ${database} reset pgrst.${name}`);
  else await server.sql.unsafe(`alter role authenticator in database ${database} set pgrst.${name} = '${value.replaceAll("'", "''")}'`);
  await server.sql`notify pgrst, 'reload config'`;
}

/** Repeats `probe` until it returns true: configuration reloads arrive by NOTIFY, a moment later. */
export async function eventually(probe: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the configuration change never took effect');
}

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/db/embedded';
import { ROOT_DIR } from '../../server/src/project-paths';
import { createDatabaseFromTemplate, type TestCluster } from '../../tests/support/cluster';
import { spawnServer } from '../../tests/support/spawn-server';

export const E2E_ADMIN_USERNAME = 'admin';
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

export interface E2EServer {
  url: string;
  databaseUrl: string;
  dataDir: string;
  /** What the server printed so far (warnings and errors: LOG_LEVEL is warn). */
  output(): string;
  stop(): Promise<void>;
}

type ClusterSettings = Pick<TestCluster, 'adminUrl' | 'template' | 'prefix'>;

function clusterOfTheRun(): ClusterSettings {
  const cluster = JSON.parse(process.env.E2E_CLUSTER ?? 'null') as ClusterSettings | null;
  if (!cluster) throw new Error('E2E_CLUSTER is not set: run the end-to-end tests through playwright test');
  return cluster;
}

/**
 * The real server process serving the built app, over its own copy of the migrated database: of the run's cluster
 * (the global setup's) unless another is given (`npm run lighthouse` starts its own).
 */
export async function startE2EServer(env: Record<string, string> = {}, cluster: ClusterSettings = clusterOfTheRun()): Promise<E2EServer> {
  const db = await createDatabaseFromTemplate(cluster);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bb-e2e-data-'));
  await chmod(dataDir, 0o755);
  // A known port, so SITE_URL (the base of e-mail links) is this server's own address.
  const port = await freePort();
  const server = spawnServer({
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${port}`,
    STATIC_DIR: path.join(ROOT_DIR, 'dist/client'),
    ADMIN_USERNAME: E2E_ADMIN_USERNAME,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    ...env,
  });
  const url = await server.ready;
  return {
    url,
    databaseUrl: db.url,
    dataDir,
    output: server.output,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createSql } from '../../../server/src/db/client';
import { MIGRATIONS_DIR, ROOT_DIR } from '../../../server/src/project-paths';
import { dbPush, dbSeed } from '../../../scripts/hosted-shape/db-push';
import { startSupabaseShapedCluster } from '../../../scripts/hosted-shape/supabase-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    supabaseShape: {
      urls: Record<'supabaseAdmin' | 'postgres' | 'authenticator' | 'supabaseAuthAdmin' | 'supabaseStorageAdmin', string>;
      version: string;
      pushed: string[];
    };
  }
}

/**
 * The `hosted` project: one PostgreSQL 15 with hosted Supabase's shape for the run; `supabase/migrations` pushed as
 * `postgres` the way `supabase db push` does, then `supabase/seed.sql` as the CLI's seed step runs it. A migration
 * that fails stops the run here, naming the file and statement.
 */
export default async function setup(project: TestProject) {
  const cluster = await startSupabaseShapedCluster();
  const sql = createSql(cluster.urls.postgres, { max: 1 });
  try {
    const pushed = await dbPush(sql, MIGRATIONS_DIR);
    await dbSeed(sql, path.join(ROOT_DIR, 'supabase/seed.sql'));
    project.provide('supabaseShape', { urls: cluster.urls, version: cluster.version, pushed });
  } catch (error) {
    await sql.end();
    await cluster.stop();
    throw error;
  }
  await sql.end();
  return async () => {
    await cluster.stop();
  };
}

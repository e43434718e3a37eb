import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS, isConnectionFailure, type DatabaseAvailability } from '../../db/availability';
import type { Sql } from '../../db/client';
import { listMigrations } from '../../db/migrate';

export interface HealthOptions {
  sql: Sql;
  database: DatabaseAvailability;
  migrationsDir: string;
}

const CHECK_TIMEOUT_MS = 2000;

/**
 * For load balancers and orchestrators: `GET /health` answers while the process runs (liveness);
 * `GET /ready` answers 200 only when the database can be reached and has this version's migrations
 * (readiness), otherwise 503 with what is missing.
 */
export async function healthModule(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const latest = (await listMigrations(options.migrationsDir)).at(-1)?.version ?? null;

  app.get('/health', async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  app.get('/ready', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const unavailable = (body: Record<string, string>) =>
      reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable', ...body });
    if (!options.database.isAvailable()) return unavailable({ database: 'unreachable' });
    let timer: NodeJS.Timeout | undefined;
    try {
      const rows = await Promise.race([
        options.sql<{ version: string }[]>`
          select version from supabase_migrations.schema_migrations order by version desc limit 1`,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'CONNECT_TIMEOUT' })), CHECK_TIMEOUT_MS);
        }),
      ]);
      const applied = rows[0]?.version ?? null;
      if (latest !== null && (applied === null || applied < latest)) {
        return unavailable({ database: 'reachable', migrations: `pending (at ${applied ?? 'none'}, expected ${latest})` });
      }
      return reply.send({ status: 'ready', database: 'reachable', migrations: 'applied' });
    } catch (error) {
      if (isConnectionFailure(error)) options.database.reportConnectionFailure();
      return unavailable({ database: 'unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });
}

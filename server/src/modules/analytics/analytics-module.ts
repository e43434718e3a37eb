import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { startRollupWorker, type RollupWorker } from './rollup-worker';

/**
 * The web analytics rollup worker, running with the HTTP server (like the mail worker): started when the app is
 * ready, stopped when it closes; off with ANALYTICS_ROLLUP_SECONDS=0. No routes: ingestion and reports are database
 * functions behind /rest/v1. Called on the root instance, so `app.rollupWorker()` is visible to the tests.
 */
export async function analyticsModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  let worker: RollupWorker | undefined;
  app.addHook('onReady', async () => {
    if (ctx.config.analyticsRollupSeconds === 0) return;
    worker = startRollupWorker({
      sql: ctx.sql,
      log: app.log,
      intervalSeconds: ctx.config.analyticsRollupSeconds,
      isDatabaseAvailable: () => ctx.database.isAvailable(),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
  app.decorate('rollupWorker', () => worker);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The running rollup worker (undefined before ready, when disabled or turned off). */
    rollupWorker?: () => RollupWorker | undefined;
  }
}

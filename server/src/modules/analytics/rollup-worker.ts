import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../../db/client';

export interface RollupWorkerOptions {
  sql: Sql;
  log: FastifyBaseLogger;
  /** Seconds between runs (ANALYTICS_ROLLUP_SECONDS). */
  intervalSeconds: number;
  /** Names this worker in private.analytics_rollup_runs. */
  scheduler?: string;
  /** False while the database is away (server/src/db/availability.ts): the run is skipped, not failed. */
  isDatabaseAvailable?: () => boolean;
}

export interface RollupWorker {
  /** One run now (or the one in progress); resolves with how many sites it refreshed. Tests call it. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Stopping waits at most this long for a run in progress (shutdown stays bounded). */
const STOP_WAIT_MS = 3_000;

/**
 * Keeps the web analytics rollups current off the read path (docs/decisions/0012-web-analytics.md): every
 * `intervalSeconds` it calls private.refresh_due_analytics_rollups(), which refreshes each site with new events,
 * deletes past days' salts and notes the run; while runs are recent, reports read the rollups instead of refreshing
 * busy sites themselves. Several servers on one database may each run it: a site being refreshed is skipped.
 */
export function startRollupWorker(options: RollupWorkerOptions): RollupWorker {
  const { sql, log } = options;
  const scheduler = options.scheduler ?? 'server';
  let stopped = false;
  let running: Promise<number> | undefined;

  function runOnce(): Promise<number> {
    if (running) return running;
    if (stopped || (options.isDatabaseAvailable && !options.isDatabaseAvailable())) return Promise.resolve(0);
    running = (async () => {
      try {
        const [row] = await sql<{ sites: number }[]>`select private.refresh_due_analytics_rollups(${scheduler}) as sites`;
        return row?.sites ?? 0;
      } catch (error) {
        if (!stopped) log.warn({ err: error }, 'analytics rollup worker: the run failed (tried again at the next interval)');
        return 0;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  const timer = setInterval(() => void runOnce(), options.intervalSeconds * 1000);
  timer.unref();
  void runOnce();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.race([running?.catch(() => {}), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}

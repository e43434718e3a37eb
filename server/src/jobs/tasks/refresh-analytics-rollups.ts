import { z } from 'zod';
import { defineTask } from '../define-task';

/**
 * Keeps the web analytics rollups current off the read path (decision 0012): refreshes every site with new events,
 * deletes past days' salts, notes the run. Repeats every ANALYTICS_ROLLUP_SECONDS (server/src/jobs/schedules.ts);
 * pg_cron does the same on hosted Supabase without a worker.
 */
export const refreshAnalyticsRollups = defineTask({
  name: 'refresh_analytics_rollups',
  payload: z.looseObject({}),
  maxAttempts: 1,
  async run(_payload, { sql, log }) {
    const [row] = await sql<{ sites: number }[]>`select private.refresh_due_analytics_rollups('job-runner') as sites`;
    if (row && row.sites > 0) log.info(`analytics rollups: ${row.sites} site(s) refreshed`);
  },
});

import { z } from 'zod';
import { defineTask } from '../define-task';

/**
 * Hourly (server/src/jobs/schedules.ts): a `fetch_social_figures` job for every workspace with a post published in
 * the last 30 days (`private.queue_social_figure_fetches`), each keyed by its workspace, so runs never pile up.
 */
export const queueSocialFigureFetches = defineTask({
  name: 'queue_social_figure_fetches',
  payload: z.looseObject({}),
  maxAttempts: 3,
  async run(_payload, { sql, log }) {
    const [row] = await sql<{ queued: number }[]>`select private.queue_social_figure_fetches() as queued`;
    if (row && row.queued > 0) log.info(`social figures: ${row.queued} workspace(s) queued`);
  },
});

import { z } from 'zod';
import { defineTask } from '../define-task';

/** Daily (server/src/jobs/schedules.ts): the webhook log keeps 30 days (events still waiting for an attempt stay). */
export const cleanUpWebhooks = defineTask({
  name: 'clean_up_webhooks',
  payload: z.looseObject({}),
  maxAttempts: 3,
  async run(_payload, { sql, log }) {
    const [row] = await sql<{ removed: number }[]>`select private.delete_old_webhook_events() as removed`;
    if (row && row.removed > 0) log.info(`clean-up: ${row.removed} webhook event(s) older than 30 days forgotten`);
  },
});

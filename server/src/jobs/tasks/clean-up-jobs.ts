import { z } from 'zod';
import { defineTask } from '../define-task';

/** Failed jobs a site admin retried or dismissed are kept this long, then forgotten. */
export const RESOLVED_FAILURES_KEPT_DAYS = 30;

/** Daily (server/src/jobs/schedules.ts): forgets resolved failures older than RESOLVED_FAILURES_KEPT_DAYS. */
export const cleanUpJobs = defineTask({
  name: 'clean_up_jobs',
  payload: z.looseObject({}),
  maxAttempts: 3,
  async run(_payload, { sql, log }) {
    const removed = await sql`
      delete from private.failed_jobs
      where resolution is not null and resolved_at < now() - make_interval(days => ${RESOLVED_FAILURES_KEPT_DAYS})`;
    if (removed.count > 0) log.info(`clean-up: ${removed.count} resolved failed job(s) forgotten`);
  },
});

import { z } from 'zod';
import { defineTask } from '../define-task';

/**
 * Every ten minutes (server/src/jobs/schedules.ts): an audit for each site whose scheduled moment has come (weekly by
 * default), each queued as its own `run_seo_audit` job (`private.queue_due_seo_audits`). Idempotent: a site gets its
 * next moment in the same transaction, and a second run finds nothing due.
 */
export const queueDueSeoAudits = defineTask({
  name: 'queue_due_seo_audits',
  payload: z.looseObject({}),
  maxAttempts: 3,
  async run(_payload, { sql, log }) {
    const [row] = await sql<{ queued: number }[]>`select private.queue_due_seo_audits() as queued`;
    if (row && row.queued > 0) log.info(`SEO audits: ${row.queued} scheduled audit(s) queued`);
  },
});

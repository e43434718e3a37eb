import { z } from 'zod';
import { defineTask } from '../define-task';

/**
 * Every five minutes (server/src/jobs/schedules.ts): when contact-form leads wait for a digest and none was made in
 * the last hour, makes one and queues its e-mail to each site admin (`private.queue_due_lead_digests`, decision
 * 0016). Idempotent: a second run within the hour queues nothing, and the function's lock makes two workers' runs
 * one digest. The e-mails themselves go out as `send_email` jobs.
 */
export const sendLeadDigests = defineTask({
  name: 'send_lead_digests',
  payload: z.looseObject({}),
  maxAttempts: 3,
  async run(_payload, { sql, log }) {
    const [row] = await sql<{ queued: number }[]>`select private.queue_due_lead_digests() as queued`;
    if (row && row.queued > 0) log.info(`lead digest: ${row.queued} e-mail(s) queued`);
  },
});

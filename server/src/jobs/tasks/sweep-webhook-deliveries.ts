import { z } from 'zod';
import { defineTask } from '../define-task';
import { enqueueJobByName } from '../enqueue-job';
import { webhookWakeKey } from './deliver-webhooks';

/**
 * Repeating (server/src/jobs/schedules.ts): wakes every workspace with a webhook delivery due and none claimed —
 * a retry fallen due while its run was lost, or deliveries a killed worker had claimed — so a lost wake-up costs at
 * most this interval, never a delivery.
 */
export const sweepWebhookDeliveries = defineTask({
  name: 'sweep_webhook_deliveries',
  payload: z.looseObject({}),
  maxAttempts: 3,
  async run(_payload, { sql }) {
    const due = await sql<{ id: string }[]>`select private.workspaces_with_due_webhooks() as id`;
    for (const { id } of due) await enqueueJobByName(sql, 'deliver_webhooks', { workspace_id: id }, { jobKey: webhookWakeKey(id) });
  },
});

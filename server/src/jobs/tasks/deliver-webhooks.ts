import { z } from 'zod';
import { deliverWebhooks } from '../../modules/webhooks/deliver-webhooks';
import { defineTask, PermanentJobError } from '../define-task';
import { enqueueJobByName } from '../enqueue-job';

export const deliverWebhooksPayload = z.object({
  workspace_id: z.uuid(),
  /** A workspace event (private.workspace_events) to turn into webhook deliveries first: jobs of the event subscription. */
  event_id: z.number().int().positive().optional(),
});

/** Job keys of a workspace's runs: a wake-up (an event, "send again", the sweep) and its next retry, apart so neither replaces the other. */
export const webhookWakeKey = (workspaceId: string) => `webhooks:${workspaceId}`;
export const webhookRetryKey = (workspaceId: string) => `webhooks:${workspaceId}:retry`;

/**
 * Outgoing webhooks of one workspace (docs/decisions/0015-outgoing-webhooks.md). Queued three ways: one job per
 * content.published / content.unpublished event (the subscription in private.workspace_event_subscribers, keyed
 * `event:<id>:deliver_webhooks`), which first records the event's webhook message and its deliveries (once: keyed by
 * the event); a wake-up when "send again" or the sweep finds deliveries due (keyed `webhooks:<workspace>`); and its
 * own next run at the workspace's next retry. The work: deliverWebhooks for the payload's workspace only, at most 4
 * requests in flight for it across all workers, 30 s at most per run.
 */
export const deliverWebhooksTask = defineTask({
  name: 'deliver_webhooks',
  payload: deliverWebhooksPayload,
  maxAttempts: 10,
  async run(payload, { sql, outbound, log }) {
    if (payload.event_id !== undefined) {
      try {
        await sql`select private.emit_webhooks_for_workspace_event(${payload.workspace_id}::uuid, ${payload.event_id}::bigint)`;
      } catch (error) {
        if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
        throw error;
      }
    }
    const result = await deliverWebhooks({ sql, client: outbound, workspaceId: payload.workspace_id });
    if (result.nextDueAt) {
      await enqueueJobByName(sql, 'deliver_webhooks', { workspace_id: payload.workspace_id }, { runAt: result.nextDueAt, jobKey: webhookRetryKey(payload.workspace_id) });
    }
    if (result.attempts > 0) log.info(`workspace ${payload.workspace_id}: ${result.succeeded} delivered, ${result.failed} failed`);
  },
});

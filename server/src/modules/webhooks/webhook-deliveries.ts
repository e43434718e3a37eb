import type { Sql } from '../../db/client';

/** A delivery claimed for one attempt: what to send, where, signed with which secrets. */
export interface ClaimedDelivery {
  delivery_id: string;
  attempt: number;
  message_id: string;
  event_type: string;
  body: string;
  url: string;
  secret: string;
  previous_secret: string | null;
}

/**
 * How long a claim lasts: three times the longest attempt (10 s), with room to record it. A worker killed during an
 * attempt leaves the delivery to another after this.
 */
export const CLAIM_SECONDS = 30;

/**
 * Due deliveries of one workspace, as many as keep it at `maxInFlight` attempts at once across all workers, for the
 * run `runId`: none while another run holds live claims in the workspace (one run sends for a workspace at a time).
 */
export async function claimDeliveries(sql: Sql, workspaceId: string, maxInFlight: number, runId: string): Promise<ClaimedDelivery[]> {
  return sql<ClaimedDelivery[]>`
    select * from private.claim_webhook_deliveries(${workspaceId}::uuid, ${maxInFlight}::integer, ${CLAIM_SECONDS}::integer, ${runId})`;
}

/**
 * Records that an attempt's request went out but for its last byte (the endpoint may have it from now on); false when
 * the run's claim was lost meanwhile: the request must not be completed.
 */
export async function markAttemptSent(sql: Sql, delivery: Pick<ClaimedDelivery, 'delivery_id' | 'attempt'>, runId: string | null): Promise<boolean> {
  const [row] = await sql<{ marked: boolean }[]>`
    select private.mark_webhook_attempt_sent(${delivery.delivery_id}::uuid, ${delivery.attempt}::integer, ${runId}) as marked`;
  return row?.marked ?? false;
}

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  succeeded: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
  /** null: no retry (succeeded, or given up). */
  nextAttemptAt: Date | null;
}

/** Records an attempt's outcome; false when the claim had been lost (another worker took the delivery since). */
export async function finishAttempt(sql: Sql, record: AttemptRecord): Promise<boolean> {
  const [row] = await sql<{ recorded: boolean }[]>`
    select private.finish_webhook_attempt(${record.deliveryId}::uuid, ${record.attempt}::integer, ${record.succeeded},
      ${record.responseStatus}::integer, ${record.responseBody}, ${record.durationMs}::integer, ${record.error},
      ${record.nextAttemptAt}::timestamptz) as recorded`;
  return row?.recorded ?? false;
}

/** When the workspace's next delivery falls due (null: none waits). */
export async function nextDueAt(sql: Sql, workspaceId: string): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>`select private.next_webhook_delivery_at(${workspaceId}::uuid) as at`;
  return row?.at ?? null;
}

/** Whether the workspace has deliveries due now that no run holds. */
export async function hasDueDeliveries(sql: Sql, workspaceId: string): Promise<boolean> {
  const rows = await sql<{ id: string }[]>`select id from private.workspaces_with_due_webhooks() as w(id) where w.id = ${workspaceId}::uuid`;
  return rows.length > 0;
}

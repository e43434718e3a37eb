import type { Sql } from '../../db/client';

/** A row of `private.outgoing_emails` claimed by a send_email job. */
export interface QueuedEmail {
  id: string;
  kind: string;
  recipient: string;
  payload: Record<string, unknown>;
  /** Delivery attempts so far, this one included. */
  attempts: number;
  /** When it was queued: names its outbox file, which every attempt overwrites. */
  created_at: Date;
}

/** What a claim found: claimed, or why there is nothing to send (unconfirmed: the marker of decision 0020). */
export type EmailState = 'claimed' | 'sent' | 'cancelled' | 'unconfirmed' | 'held' | 'unknown';

/**
 * Claims a queued e-mail for sending (private.claim_outgoing_email_once): the row, or null when it is sent, cancelled,
 * unconfirmed, unknown, or held by a live worker's attempt (`state` then says which). A row whose exactly-once marker
 * is set (its final dot may have reached the SMTP server before the worker died) becomes unconfirmed instead of
 * being sent again. The claim is committed at once, so no transaction stays open while the message travels; a claim
 * of a worker that died is void.
 */
export async function claimEmail(sql: Sql, emailId: string, poolId: string | null): Promise<{ email: QueuedEmail | null; state: EmailState }> {
  const [row] = await sql<(QueuedEmail & { state: EmailState })[]>`
    select state, id::text as id, kind, recipient, payload, attempts, created_at from private.claim_outgoing_email_once(${emailId}, ${poolId})`;
  const state = row?.state ?? 'unknown';
  if (state !== 'claimed' || !row) return { email: null, state };
  const { state: _state, ...email } = row;
  return { email, state };
}

/** The exactly-once marker, committed before the final dot. */
export async function markEmailDataComplete(sql: Sql, emailId: string): Promise<void> {
  await sql`select private.outgoing_email_data_complete(${emailId})`;
}

/**
 * Sent; failed (refused or not sent: kept for the job's next attempt, with the reason); cancelled (never to be
 * sent); or unconfirmed (the connection broke after the final dot: never sent again).
 */
export async function finishEmail(sql: Sql, emailId: string, outcome: 'sent' | 'failed' | 'cancelled' | 'unconfirmed', reason?: string): Promise<void> {
  await sql`select private.finish_outgoing_email(${emailId}, ${outcome}, ${reason ?? null})`;
}

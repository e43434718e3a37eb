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

export type EmailState = 'sent' | 'cancelled' | 'claimed' | 'unknown';

/**
 * Claims a queued e-mail for sending (private.claim_outgoing_email): the row, or null when it is sent, cancelled,
 * unknown, or held by a live worker's attempt (`state` then says which). The claim is committed at once, so no
 * transaction stays open while the message travels; a claim of a worker that died is void.
 */
export async function claimEmail(sql: Sql, emailId: string, poolId: string | null): Promise<{ email: QueuedEmail | null; state: EmailState }> {
  const [email] = await sql<QueuedEmail[]>`
    select id::text as id, kind, recipient, payload, attempts, created_at from private.claim_outgoing_email(${emailId}, ${poolId})`;
  if (email) return { email, state: 'claimed' };
  const [row] = await sql<{ state: EmailState }[]>`
    select case when sent_at is not null then 'sent' when cancelled_at is not null then 'cancelled' else 'claimed' end as state
    from private.outgoing_emails where id = ${emailId}`;
  return { email: null, state: row?.state ?? 'unknown' };
}

/** Sent; failed (kept for the job's next attempt, with the reason); or cancelled (never to be sent). */
export async function finishEmail(sql: Sql, emailId: string, outcome: 'sent' | 'failed' | 'cancelled', reason?: string): Promise<void> {
  await sql`select private.finish_outgoing_email(${emailId}, ${outcome}, ${reason ?? null})`;
}

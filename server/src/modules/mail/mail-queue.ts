import type { Sql } from '../../db/client';

/** A row of `private.outgoing_emails` claimed by this worker. */
export interface QueuedEmail {
  id: string;
  kind: string;
  recipient: string;
  payload: Record<string, unknown>;
  /** Delivery attempts so far, this one included. */
  attempts: number;
}

/** After this many failed attempts an e-mail is given up (cancelled, with its last error). */
export const MAX_ATTEMPTS = 5;
/** How long a claim lasts: a worker that dies while sending leaves the row to another after this. */
export const CLAIM_SECONDS = 120;

/** Seconds before the next attempt after `attempts` failed ones: 30 s, 2 min, 8 min, 32 min (×4 each time). */
export function retryDelaySeconds(attempts: number): number {
  return 30 * 4 ** Math.max(0, attempts - 1);
}

/**
 * Claims up to `limit` due e-mails, oldest first. FOR UPDATE SKIP LOCKED: several servers on one database never
 * claim the same row; the claim (locked_until) is committed at once, so no transaction stays open while sending.
 */
export async function claimDueEmails(sql: Sql, limit: number): Promise<QueuedEmail[]> {
  return sql<QueuedEmail[]>`
    with due as (
      select e.id from private.outgoing_emails e
      where e.sent_at is null and e.cancelled_at is null and e.next_attempt_at <= now()
        and (e.locked_until is null or e.locked_until < now())
      order by e.next_attempt_at, e.id
      limit ${limit}
      for update skip locked
    )
    update private.outgoing_emails e
    set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = e.attempts + 1
    from due where e.id = due.id
    returning e.id::text as id, e.kind, e.recipient, e.payload, e.attempts`;
}

export async function markSent(sql: Sql, id: string): Promise<void> {
  await sql`update private.outgoing_emails set sent_at = now(), locked_until = null, last_error = null where id = ${id}`;
}

/** Will not be sent: its subject is gone, its kind unknown, or it failed MAX_ATTEMPTS times. */
export async function markCancelled(sql: Sql, id: string, reason: string): Promise<void> {
  await sql`
    update private.outgoing_emails set cancelled_at = now(), locked_until = null, last_error = ${reason.slice(0, 1000)}
    where id = ${id}`;
}

export async function markFailed(sql: Sql, email: QueuedEmail, reason: string): Promise<void> {
  if (email.attempts >= MAX_ATTEMPTS) {
    await markCancelled(sql, email.id, `gave up after ${email.attempts} attempts: ${reason}`);
    return;
  }
  await sql`
    update private.outgoing_emails
    set locked_until = null, last_error = ${reason.slice(0, 1000)},
        next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(email.attempts)})
    where id = ${email.id}`;
}

/** This worker is alive: queue writers (private.enqueue_email) then queue e-mails instead of skipping them. */
export async function heartbeat(sql: Sql, workerId: string): Promise<void> {
  await sql`
    insert into private.mail_workers (worker_id, seen_at) values (${workerId}, now())
    on conflict (worker_id) do update set seen_at = now()`;
  await sql`delete from private.mail_workers where seen_at < now() - interval '1 day'`;
}

export async function removeWorker(sql: Sql, workerId: string): Promise<void> {
  await sql`delete from private.mail_workers where worker_id = ${workerId}`;
}

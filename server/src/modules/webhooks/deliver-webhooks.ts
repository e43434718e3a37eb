import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { Sql } from '../../db/client';
import type { OutboundClient } from '../../lib/outbound/outbound-client';
import { nextAttemptAt, outcomeOfError, outcomeOfResponse, type AttemptOutcome } from './delivery-outcome';
import { webhookHeaders } from './signature';
import { claimDeliveries, finishAttempt, hasDueDeliveries, markAttemptSent, nextDueAt, type ClaimedDelivery } from './webhook-deliveries';

/** Requests to one workspace's endpoints at once, across all workers (a slow endpoint holds at most these). */
export const MAX_IN_FLIGHT_PER_WORKSPACE = 4;
/** One run keeps claiming for at most this long, then yields its worker slot to other workspaces' work. */
export const RUN_BUDGET_MS = 30_000;
/**
 * With requests in flight and room for more, a run looks for newly due deliveries this often: other runs of the
 * workspace (each event's job) leave their deliveries to the run sending (one per workspace, see
 * claim_webhook_deliveries), so a hanging endpoint holds one worker slot, not one per event.
 */
export const CLAIM_AGAIN_MS = 250;

export interface DeliverOptions {
  sql: Sql;
  client: OutboundClient;
  /** The workspace the job names: nothing of another workspace is claimed, read or sent. */
  workspaceId: string;
  maxInFlight?: number;
  budgetMs?: number;
  /** One attempt's time limit (at most 10 s, the client's cap). */
  timeoutMs?: number;
  now?: () => Date;
}

export interface DeliverResult {
  /** Attempts made (each recorded). */
  attempts: number;
  succeeded: number;
  failed: number;
  /**
   * When to run again for this workspace: now when the budget ran out with work left (behind the work already
   * queued), else its next retry or the expiry of a claim another run holds; null when nothing waits.
   */
  nextDueAt: Date | null;
}

/**
 * One attempt of one delivery: signed now, sent as a POST of the stored body; never throws. Its last byte goes out
 * only once the attempt is marked as sent (after which a worker's death holds the delivery as unconfirmed instead of
 * sending it again); a run that lost its claim meanwhile aborts the request before that byte.
 */
async function attempt(delivery: ClaimedDelivery, options: DeliverOptions, runId: string): Promise<{ outcome: AttemptOutcome; durationMs: number }> {
  const started = performance.now();
  const now = options.now ?? (() => new Date());
  const timestamp = Math.floor(now().getTime() / 1000);
  const secrets = [delivery.secret, ...(delivery.previous_secret ? [delivery.previous_secret] : [])];
  try {
    const response = await options.client.request({
      url: delivery.url,
      method: 'POST',
      headers: { ...webhookHeaders({ id: delivery.message_id, timestamp, body: delivery.body, secrets }), 'user-agent': 'BeyondBrochures-Webhooks/1.0' },
      body: delivery.body,
      keepMethod: true,
      maxBytes: 4096,
      truncate: true,
      timeoutMs: options.timeoutMs,
      beforeLastByte: async () => {
        if (!(await markAttemptSent(options.sql, delivery, runId))) throw new Error('Another worker took this delivery over: this attempt was not sent.');
      },
    });
    return { outcome: outcomeOfResponse(response, now()), durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { outcome: outcomeOfError(error), durationMs: Math.round(performance.now() - started) };
  }
}

/**
 * Sends a workspace's due webhook deliveries: claims up to `maxInFlight` at a time (none while another run of the
 * workspace holds claims: that run takes them), sends them side by side, records each outcome with its next attempt (the Standard Webhooks schedule), and
 * claims again until nothing is due or the run's budget is spent. No transaction is open while a request waits.
 * The job runner's task calls this with the workspace its job names, and schedules the next run at `nextDueAt`.
 */
export async function deliverWebhooks(options: DeliverOptions): Promise<DeliverResult> {
  const maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT_PER_WORKSPACE;
  const deadline = performance.now() + (options.budgetMs ?? RUN_BUDGET_MS);
  const now = options.now ?? (() => new Date());
  const result: DeliverResult = { attempts: 0, succeeded: 0, failed: 0, nextDueAt: null };
  const inFlight = new Set<Promise<void>>();
  const runId = randomUUID();
  let failure: unknown = null;
  const send = async (delivery: ClaimedDelivery) => {
    const { outcome, durationMs } = await attempt(delivery, options, runId);
    await finishAttempt(options.sql, {
      deliveryId: delivery.delivery_id,
      attempt: delivery.attempt,
      succeeded: outcome.succeeded,
      responseStatus: outcome.responseStatus,
      responseBody: outcome.responseBody,
      durationMs,
      error: outcome.error,
      nextAttemptAt: outcome.succeeded ? null : nextAttemptAt(delivery.attempt, now(), outcome.retryAfter),
    });
    result.attempts += 1;
    if (outcome.succeeded) result.succeeded += 1;
    else result.failed += 1;
  };
  let outOfBudget: boolean;
  for (;;) {
    const free = maxInFlight - inFlight.size;
    outOfBudget = performance.now() >= deadline;
    const claimed = free > 0 && !outOfBudget ? await claimDeliveries(options.sql, options.workspaceId, free, runId) : [];
    for (const delivery of claimed) {
      // A failure to record (the database went away) ends the run once the others are done; the claim then
      // expires and the attempt is marked interrupted and retried.
      const task: Promise<void> = send(delivery).catch((error: unknown) => void (failure ??= error)).finally(() => inFlight.delete(task));
      inFlight.add(task);
    }
    if (inFlight.size === 0) break;
    // Wait for one to finish, then fill its place; with room left, look again for deliveries due meanwhile.
    const room = inFlight.size < maxInFlight && performance.now() < deadline;
    await Promise.race(room ? [...inFlight, delay(CLAIM_AGAIN_MS)] : inFlight);
    if (failure) {
      await Promise.all(inFlight);
      throw failure;
    }
  }
  const later = await nextDueAt(options.sql, options.workspaceId);
  result.nextDueAt = outOfBudget && (await hasDueDeliveries(options.sql, options.workspaceId)) ? now() : later;
  return result;
}

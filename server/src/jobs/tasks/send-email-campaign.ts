import { z } from 'zod';
import { readBlocks } from '../../../../src/lib/email-template/email-blocks';
import { renderEmail } from '../../../../src/lib/email-template/render-email';
import { campaignStatus, claimCampaign, completeCampaign, deliveryWriters, linkSet, nextDeliveries, releaseCampaign, takeSendTokens } from '../../modules/email/email-sending-db';
import { sanitizeEmailFragment } from '../../modules/email/sanitize-email-fragment';
import { sendDelivery, workspaceSender, type ClaimedDelivery, type DeliveryOutcome } from '../../modules/email/send-delivery';
import { defineTask, PermanentJobError, type TaskContext } from '../define-task';

/** Recipients recorded and sent per round (listmonk's batch); the claim is renewed with every one. */
export const CAMPAIGN_BATCH = 500;

/** Messages asked of the rate limits at a time (private.take_email_send_tokens grants what the rates allow). */
export const SEND_TOKENS_PER_REQUEST = 50;

/**
 * How long a campaign's outcomes wait for others before they are written (one statement for many; session 12). A
 * worker killed meanwhile leaves them as unconfirmed deliveries — sent, never sent again, counted as unconfirmed.
 */
export const OUTCOME_GATHER_MS = 25;

/**
 * Messages in flight at once for an SMTP pool of `connections`: two per connection, so that the pool always has the
 * next message waiting when a connection gets its "250" (one per connection left each idle while its lane prepared
 * the next message). Each message still holds its connection until its marker is committed and its answer came.
 */
export function campaignLanes(connections: number): number {
  return 2 * Math.max(1, connections);
}

/**
 * The campaigns this process is sending, by pool: a campaign paused and resumed at once gets a second job while the
 * first one's lanes still run, and both, of the same pool, would hold its claim — the second one taking the first
 * one's deliveries in flight as left over, and sending them again. The second job waits (it is tried again later).
 */
const sendingHere = new Set<string>();

/**
 * Sends a campaign (decision 0020): starts it when it falls due, claims it for this worker pool, renders its content
 * once, then walks its recipients a batch at a time — each batch recorded as deliveries before anything of it is sent,
 * the next one while the current one is sent —
 * sending each message exactly once (the marker before the final dot) within the workspace's and the server's rates,
 * until nothing is left (sent), it is paused (by a member, or by itself after too many errors) or cancelled, or the
 * worker stops. A pause or a cancel stops the message it finds on its way: the campaign's status is read again after
 * every wait for the rates, and a message's marker is written only while the campaign is sending (session 15) —
 * otherwise its final dot is never sent, and the message goes back untried (or, cancelled, away) with the rest. The
 * worker stops (the claim is let go and the job tried again, by any worker). A batch left half-done by a killed
 * worker is finished by the next attempt: unsent deliveries are sent, those whose final dot may have gone out are
 * unconfirmed.
 */
export const sendEmailCampaign = defineTask({
  name: 'send_email_campaign',
  payload: z.object({ workspace_id: z.uuid(), campaign_id: z.uuid() }),
  maxAttempts: 25,
  async run({ workspace_id: workspaceId, campaign_id: campaignId }, context: TaskContext) {
    const { job } = context;
    const poolId = job.poolId ?? `job-${job.id}`;
    const here = `${poolId} ${campaignId}`;
    if (sendingHere.has(here)) throw new Error(`campaign ${campaignId} is still being sent by an earlier job of this worker`);
    sendingHere.add(here);
    try {
      await sendCampaign(workspaceId, campaignId, poolId, context);
    } finally {
      sendingHere.delete(here);
    }
  },
});

async function sendCampaign(workspaceId: string, campaignId: string, poolId: string, context: TaskContext): Promise<void> {
  const { sql, log, signal } = context;
  const email = context.email ?? { publicUrl: context.siteUrl, ratePerSecond: 50, concurrency: 5 };
  let claim;
  try {
    claim = await claimCampaign(sql, workspaceId, campaignId, poolId);
  } catch (error) {
    if ((error as { code?: string }).code === '42501') throw new PermanentJobError(`campaign ${campaignId} is not of workspace ${workspaceId}`);
    throw error;
  }
  if (claim.state === 'claimed') throw new Error(`campaign ${campaignId} is being sent by another worker`);
  if (claim.state !== 'sending') return;

  const rendered = renderEmail({
    content: { subject: claim.subject, preheader: claim.preheader, blocks: readBlocks(claim.blocks) },
    workspaceName: claim.workspace_name,
    reason: `You receive this because you subscribed to ${claim.workspace_name}'s e-mails.`,
    sanitizeFragment: sanitizeEmailFragment,
  });
  const tracking = { opens: claim.track_opens, clicks: claim.track_clicks };
  const linkSetId = await linkSet(sql, workspaceId, rendered.links);
  const sender = workspaceSender(claim);
  const { markers, outcomes } = deliveryWriters(sql, workspaceId, { gatherOutcomesMs: OUTCOME_GATHER_MS, campaignId });
  let status = 'sending';
  let granted = 0;
  // One request for tokens at a time: the lanes that run out meanwhile wait for it (each lane asked on its own before
  // session 13 — up to one statement per lane every 50 messages, and the tokens of all but the last one lost).
  let asking: Promise<void> | undefined;

  async function nextToken(): Promise<boolean> {
    if (signal.aborted || status !== 'sending') return false;
    while (granted === 0) {
      if (signal.aborted || status !== 'sending') return false;
      asking ??= takeSendTokens(sql, workspaceId, SEND_TOKENS_PER_REQUEST, email.ratePerSecond)
        .then(async (tokens) => {
          granted += tokens.granted;
          if (tokens.granted > 0) return;
          await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(tokens.wait_ms, 10), 1000)));
          // Paused or cancelled meanwhile? Nothing else tells this worker until its next outcome is written.
          const now = await campaignStatus(sql, workspaceId, campaignId);
          if (now !== 'sending') status = now;
        })
        .finally(() => (asking = undefined));
      await asking;
    }
    granted -= 1;
    return true;
  }

  // Outcomes are written in the background (group commit, gathered for OUTCOME_GATHER_MS) and waited for once per
  // batch: a lane takes its next message as soon as the SMTP answer came. A failed write stops the lanes and fails the attempt.
  let writeError: unknown;
  const written: Promise<void>[] = [];
  function recordOutcome(outcome: DeliveryOutcome): void {
    written.push(outcomes.add(outcome).then(
      (next) => void (status = next ?? status),
      (error: unknown) => void (writeError ??= error),
    ));
  }

  async function sendAll(batch: ClaimedDelivery[]): Promise<void> {
    const queue = [...batch];
    // A lane that fails (a rate read, say) stops the others at their next message; every lane has ended before the
    // attempt ends, so nothing is still being sent when the campaign and its unsent deliveries are let go.
    let laneError: unknown;
    const lanes = Array.from({ length: campaignLanes(email.concurrency) }, async () => {
      try {
        for (let delivery = queue.shift(); delivery; delivery = queue.shift()) {
          if (writeError !== undefined || laneError !== undefined || !(await nextToken())) return;
          const id = delivery.id;
          let stopped = false;
          const outcome = await sendDelivery({
            mail: context.mail, rendered, delivery, sender, publicUrl: email.publicUrl, tracking, kind: 'campaign',
            markDataComplete: async () => {
              const now = await markers.add(id);
              if (now === 'sending') return;
              stopped = true;
              status = now ?? 'gone';
              throw new Error(`the campaign is ${status}: not sent`);
            },
          });
          // Its final dot was never sent: no outcome, the release below puts it back (or away, cancelled).
          if (stopped && outcome.outcome === 'retry') return;
          recordOutcome(outcome);
        }
      } catch (error) {
        laneError ??= error;
      }
    });
    await Promise.all(lanes);
    // Every outcome of the batch is written before the next claim, which would take the batch's rows as left over.
    await outcomes.flushed();
    await Promise.all(written.splice(0));
    if (laneError !== undefined) throw laneError;
    if (writeError !== undefined) throw writeError;
  }

  /** A batch, beside the one in flight (its deliveries left alone). */
  const claimBeside = (inFlight: ClaimedDelivery[]) =>
    nextDeliveries(sql, { workspaceId, campaignId, poolId, batchSize: CAMPAIGN_BATCH, linkSetId, tracking, inFlight: inFlight.map((delivery) => delivery.id) });
  let claiming: Promise<ClaimedDelivery[]> | undefined;
  try {
    let batch = await claimBeside([]);
    for (;;) {
      if (batch.length === 0) {
        status = await completeCampaign(sql, workspaceId, campaignId, poolId);
        if (status === 'sent') log.info(`campaign ${campaignId}: sent`);
        return;
      }
      // The next batch is claimed while this one is sent: the SMTP connections never wait for a claim.
      claiming = claimBeside(batch);
      claiming.catch(() => {});
      await sendAll(batch);
      if (status !== 'sending') {
        log.info(`campaign ${campaignId}: ${status}`);
        return;
      }
      if (signal.aborted) throw new Error('the worker is stopping: the campaign goes on with the next attempt');
      batch = await claiming;
      claiming = undefined;
      // Nothing new: what this batch put back for a retry, now that its outcomes are written (or nothing: sent).
      if (batch.length === 0) batch = await claimBeside([]);
    }
  } finally {
    await claiming?.catch(() => {});
    await Promise.all([markers.flushed(), outcomes.flushed()]).catch(() => {});
    // Lets go of the campaign and of what this attempt claimed and never sent (the batch claimed ahead included).
    if (status !== 'sent') await releaseCampaign(sql, workspaceId, campaignId, poolId).catch(() => {});
  }
}

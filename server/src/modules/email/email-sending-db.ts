import type { Sql } from '../../db/client';
import { createGroupWriter } from './group-writer';
import type { ClaimedDelivery, DeliveryOutcome, EmailContentRow } from './send-delivery';

/**
 * The sending jobs' statements (supabase/migrations/20261128120600_create_email_sending_functions.sql,
 * 20261129400000_claim_email_campaign_batches_while_sending.sql, 20261129800000_gate_campaign_messages_on_campaign_state.sql).
 */

export interface CampaignClaim extends EmailContentRow {
  state: 'sending' | 'claimed' | 'not_due' | 'gone' | 'draft' | 'scheduled' | 'paused' | 'sent' | 'cancelled';
  name: string;
  track_opens: boolean;
  track_clicks: boolean;
}

export async function claimCampaign(sql: Sql, workspaceId: string, campaignId: string, poolId: string): Promise<CampaignClaim> {
  const [row] = await sql<CampaignClaim[]>`select * from private.claim_email_campaign(${workspaceId}, ${campaignId}, ${poolId})`;
  return row!;
}

export async function linkSet(sql: Sql, workspaceId: string, urls: string[]): Promise<string | null> {
  if (urls.length === 0) return null;
  const [row] = await sql<{ id: string }[]>`select private.email_link_set(${workspaceId}, ${urls}::text[])::text as id`;
  return row!.id;
}

/**
 * The campaign's next batch (private.next_email_campaign_deliveries_beside): `inFlight` are the deliveries of the
 * batch this worker is sending meanwhile, left alone (not claimed again, not made unconfirmed).
 */
export async function nextDeliveries(
  sql: Sql,
  args: {
    workspaceId: string; campaignId: string; poolId: string; batchSize: number; linkSetId: string | null;
    tracking: { opens: boolean; clicks: boolean }; inFlight: readonly string[];
  },
): Promise<ClaimedDelivery[]> {
  return sql<ClaimedDelivery[]>`
    select id::text as id, email, token, created_at, first_name, last_name, company, job_title
    from private.next_email_campaign_deliveries_beside(${args.workspaceId}, ${args.campaignId}, ${args.poolId}, ${args.batchSize},
      ${args.linkSetId}::bigint, ${args.tracking.opens}, ${args.tracking.clicks}, ${args.inFlight as string[]}::bigint[])`;
}

export async function completeCampaign(sql: Sql, workspaceId: string, campaignId: string, poolId: string): Promise<string> {
  const [row] = await sql<{ status: string }[]>`select private.complete_email_campaign(${workspaceId}, ${campaignId}, ${poolId}) as status`;
  return row!.status;
}

export async function releaseCampaign(sql: Sql, workspaceId: string, campaignId: string, poolId: string): Promise<void> {
  await sql`select private.release_email_campaign(${workspaceId}, ${campaignId}, ${poolId})`;
}

/** A campaign's status now ('gone' when it was deleted): read again after a wait for the rates. */
export async function campaignStatus(sql: Sql, workspaceId: string, campaignId: string): Promise<string> {
  const [row] = await sql<{ status: string }[]>`
    select status from public.email_campaigns where id = ${campaignId} and organization_id = ${workspaceId}`;
  return row?.status ?? 'gone';
}

/** Up to `wanted` messages may go now (the workspace's rate and the server's); 0 and how long to wait otherwise. */
export async function takeSendTokens(sql: Sql, workspaceId: string, wanted: number, serverPerSecond: number): Promise<{ granted: number; wait_ms: number }> {
  const [row] = await sql<{ granted: number; wait_ms: number }[]>`select * from private.take_email_send_tokens(${workspaceId}, ${wanted}, ${serverPerSecond})`;
  return row!;
}

/** The most outcomes a gathering writer holds before it writes them (one statement). */
export const OUTCOMES_PER_STATEMENT = 100;

/**
 * The exactly-once markers and the outcomes of a worker's deliveries, each written by group commit: a marker is
 * committed before its message's final dot (the caller waits for it); an outcome as soon as the answer came.
 * `outcomes.add` resolves to the campaign's status after the write (a campaign pauses itself after too many errors).
 * With `campaignId`, `markers.add` resolves to the campaign's status, and marks nothing unless it is `sending`
 * (private.email_campaign_deliveries_data_complete: a message of a campaign paused or cancelled meanwhile must not
 * pass its final dot); without it (a lone delivery), to null.
 * Two writers, not one: a marker holds an SMTP connection until it is committed, so it never waits behind a statement
 * of outcomes (measured in session 8: one writer for both made the wait for a marker 3.8 → 9 ms under load).
 * `gatherOutcomesMs`: outcomes wait up to that long for others (a campaign, whose lanes do not wait for them; the
 * caller flushes them before it claims the next batch).
 */
export function deliveryWriters(sql: Sql, workspaceId: string, options: { gatherOutcomesMs?: number; campaignId?: string } = {}) {
  const { campaignId } = options;
  const markers = createGroupWriter<string, string | null>(async (ids) => {
    if (campaignId === undefined) {
      await sql`select private.email_deliveries_data_complete(${ids}::bigint[])`;
      return null;
    }
    const [row] = await sql<{ status: string }[]>`
      select private.email_campaign_deliveries_data_complete(${workspaceId}, ${campaignId}, ${ids}::bigint[]) as status`;
    return row!.status;
  });
  const outcomes = createGroupWriter<DeliveryOutcome, string | null>(async (items) => {
    const [row] = await sql<{ status: string | null }[]>`select private.finish_email_deliveries(${workspaceId}, ${sql.json(items as never)}) as status`;
    return row!.status;
  }, { gatherMs: options.gatherOutcomesMs, maxItems: OUTCOMES_PER_STATEMENT });
  return { markers, outcomes };
}

import { z } from 'zod';
import { readBlocks } from '../../../../src/lib/email-template/email-blocks';
import { renderEmail } from '../../../../src/lib/email-template/render-email';
import type { Sql } from '../../db/client';
import { deliveryWriters, linkSet } from '../../modules/email/email-sending-db';
import { sanitizeEmailFragment } from '../../modules/email/sanitize-email-fragment';
import { sendDelivery, workspaceSender, type ClaimedDelivery, type EmailContentRow } from '../../modules/email/send-delivery';
import { defineTask, PermanentJobError, type TaskContext } from '../define-task';

interface DeliveryClaim extends Omit<ClaimedDelivery, 'id'>, EmailContentRow {
  state: string;
  track_opens: boolean;
  track_clicks: boolean;
  list_id: string | null;
  list_name: string | null;
  delivery_kind: string | null;
}

async function claimDelivery(sql: Sql, workspaceId: string, deliveryId: string, poolId: string): Promise<DeliveryClaim> {
  const [row] = await sql<DeliveryClaim[]>`
    select d.*, l.name as list_name, (select kind from public.email_deliveries where id = ${deliveryId}) as delivery_kind
    from private.claim_email_delivery(${workspaceId}, ${deliveryId}, ${poolId}) d
    left join public.email_lists l on l.id = d.list_id`;
  return row!;
}

/**
 * Sends one delivery of a template to one contact (a list's welcome e-mail; a template queued by
 * server/src/modules/email/send-email-template.ts, e.g. by the Automation Platform's jobs; a workflow's inline e-mail,
 * queued by private.send_automation_email with its own subject and text),
 * exactly once like a campaign's messages (decision 0020): claimed with a fresh token, the marker committed before
 * the final dot; a delivery found with the marker but no outcome is unconfirmed, never sent again.
 */
export const sendEmailDelivery = defineTask({
  name: 'send_email_delivery',
  payload: z.object({ workspace_id: z.uuid(), delivery_id: z.union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,18}$/)]).transform(String) }),
  maxAttempts: 8,
  async run({ workspace_id: workspaceId, delivery_id: deliveryId }, context: TaskContext) {
    const { sql, job } = context;
    const email = context.email ?? { publicUrl: context.siteUrl, ratePerSecond: 50, concurrency: 5 };
    const poolId = job.poolId ?? `job-${job.id}`;
    let claim: DeliveryClaim;
    try {
      claim = await claimDelivery(sql, workspaceId, deliveryId, poolId);
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError(`delivery ${deliveryId} is not of workspace ${workspaceId}`);
      throw error;
    }
    if (claim.state === 'claimed') throw new Error(`delivery ${deliveryId} is being sent by another worker`);
    if (claim.state !== 'sending') return;
    const rendered = renderEmail({
      content: { subject: claim.subject, preheader: claim.preheader, blocks: readBlocks(claim.blocks) },
      workspaceName: claim.workspace_name,
      reason: claim.list_name ? `You receive this because you subscribed to ${claim.list_name}.` : undefined,
      sanitizeFragment: sanitizeEmailFragment,
    });
    const linkSetId = await linkSet(sql, workspaceId, rendered.links);
    if (linkSetId) await sql`select private.set_email_delivery_links(${workspaceId}, ${deliveryId}, ${linkSetId}::bigint)`;
    const { markers, outcomes } = deliveryWriters(sql, workspaceId);
    const outcome = await sendDelivery({
      mail: context.mail,
      rendered,
      delivery: { ...claim, id: deliveryId },
      sender: workspaceSender(claim),
      publicUrl: email.publicUrl,
      tracking: { opens: claim.track_opens, clicks: claim.track_clicks },
      kind: claim.list_id ? 'welcome' : claim.delivery_kind === 'automation' ? 'automation_email' : 'template',
      markDataComplete: async () => {
        await markers.add(deliveryId);
      },
    });
    await outcomes.add(outcome);
    if (outcome.outcome === 'retry') throw new Error(`delivery ${deliveryId}: ${outcome.response}`);
  },
});

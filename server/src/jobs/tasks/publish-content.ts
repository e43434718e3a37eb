import { z } from 'zod';
import { renderStaleContentHtml } from '../../modules/blog/render-content-html';
import { defineTask, PermanentJobError } from '../define-task';
import { enqueueJobByName } from '../enqueue-job';

export const publishContentPayload = z.object({
  workspace_id: z.uuid(),
  content_item_id: z.uuid(),
  /** The moment it was scheduled for, as the database wrote it: the job publishes only while that is still the plan. */
  planned_publish_at: z.iso.datetime({ offset: true }),
});

/**
 * Publishes a scheduled content item at its planned moment (queued by the content_items trigger, keyed
 * `content:<id>:publish`; supabase/migrations/20261128010200_schedule_content_publishing.sql). The work is one call
 * of private.publish_scheduled_content, which refuses an item of another workspace than the payload's and does
 * nothing for an item unscheduled, rescheduled or already published: running twice publishes once. Just before, it
 * renders the item's HTML for its public blog (when missing or out of date), so the item is on the blog the moment it
 * is published; a rendering that fails is left to the render_content_html job publishing then queues.
 */
export const publishContent = defineTask({
  name: 'publish_content',
  payload: publishContentPayload,
  maxAttempts: 5,
  async run(payload, { sql, log }) {
    await renderStaleContentHtml(sql, { contentItemId: payload.content_item_id, workspaceId: payload.workspace_id }).catch((error: unknown) => {
      log.warn(`content item ${payload.content_item_id}: HTML not rendered before publishing (${error instanceof Error ? error.message : String(error)})`);
    });
    // The moment goes as text: a JavaScript Date would drop its microseconds, and it would no longer be the plan.
    let outcome: string;
    try {
      const [row] = await sql<{ outcome: string }[]>`
        select private.publish_scheduled_content(${payload.workspace_id}, ${payload.content_item_id}, ${payload.planned_publish_at}::text::timestamptz) as outcome`;
      outcome = row!.outcome;
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
    if (outcome === 'not_due') {
      // Started early (clocks apart): again at the planned moment.
      await enqueueJobByName(sql, 'publish_content', payload, { runAt: new Date(payload.planned_publish_at), jobKey: `content:${payload.content_item_id}:publish`, maxAttempts: 5 });
    }
    log.info(`content item ${payload.content_item_id} of workspace ${payload.workspace_id}: ${outcome}`);
  },
});

import { z } from 'zod';
import { renderStaleContentHtml } from '../../modules/blog/render-content-html';
import { defineTask, PermanentJobError } from '../define-task';

/** Attempts for one item's rendering (a database hiccup); an item that cannot be stored is then a failed job. */
export const RENDER_CONTENT_HTML_ATTEMPTS = 5;

/**
 * Renders one content item's Markdown to sanitised HTML for its public blog (docs/decisions/0014-public-blog.md):
 * queued by the database whenever a published item gets new Markdown or is published by hand without HTML of that
 * Markdown (key `content:<id>:render`: edits in a row make one job;
 * supabase/migrations/20261128140000_render_content_html_on_the_job_runner.sql). This is what makes an item appear
 * on a blog on hosted Supabase, where only `npm run worker` runs the server's code. Idempotent (an item already
 * current is left alone); an item of another workspace than the payload's is refused.
 */
export const renderContentHtml = defineTask({
  name: 'render_content_html',
  payload: z.object({ workspace_id: z.uuid(), content_item_id: z.uuid() }),
  maxAttempts: RENDER_CONTENT_HTML_ATTEMPTS,
  async run({ workspace_id: workspaceId, content_item_id: contentItemId }, { sql, log }) {
    const [item] = await sql<{ organization_id: string }[]>`select organization_id from public.content_items where id = ${contentItemId}`;
    if (!item) return; // deleted meanwhile: nothing to show
    if (item.organization_id !== workspaceId) throw new PermanentJobError(`content item ${contentItemId} does not belong to workspace ${workspaceId}`);
    const stored = await renderStaleContentHtml(sql, { contentItemId, workspaceId });
    if (stored > 0) log.info(`content item ${contentItemId} of workspace ${workspaceId}: HTML rendered`);
  },
});

import { createHash } from 'node:crypto';
import type { Sql } from '../../db/client';
import { CONTENT_HTML_RENDERER } from './content-html-renderer';

/**
 * Keeps `private.content_item_html` current: each content item in scope whose HTML is missing, made from other
 * Markdown than the item's (by md5) or by an older renderer is rendered from its Markdown and stored, unless its
 * Markdown changed meanwhile (then the next run renders the newer one). Other changes of an item (its status, title,
 * tags) need no new HTML. Idempotent: running it twice, or on two servers at once,
 * stores the same HTML. It touches only the items its scope names, reading and writing as the database owner;
 * nothing of the HTML comes from a client. Called by the job runner's tasks (`render_content_html` for one item,
 * `render_stale_content_html` for every item that needs it: server/src/jobs/tasks/) and by our server's blog pages
 * before they answer a new version of a blog.
 */
export interface RenderScope {
  /** One item (a job naming it)… */
  contentItemId?: string;
  /** …only if it is this workspace's (the job's payload names both). */
  workspaceId?: string;
  /** The published items of the workspace that has this blog (our server before it serves the blog's pages). */
  blogSlug?: string;
  /** The published items of every workspace (the job runner's sweep). */
  everyWorkspace?: boolean;
  /** Most items rendered in one call (the rest at the next call). */
  limit?: number;
  /** An item that cannot be rendered or stored is skipped (it stays off its blog) and reported here. */
  onError?: (contentItemId: string, error: unknown) => void;
}

interface StaleItem {
  id: string;
  content: string | null;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export async function renderStaleContentHtml(sql: Sql, scope: RenderScope): Promise<number> {
  if (!scope.contentItemId && !scope.blogSlug && !scope.everyWorkspace) throw new Error('renderStaleContentHtml needs an item, a blog or every workspace');
  const stale = await sql<StaleItem[]>`
    select c.id, c.content
    from public.content_items c
    left join private.content_item_html h on h.content_item_id = c.id
    where (h.content_item_id is null or h.renderer <> ${CONTENT_HTML_RENDERER} or h.source_md5 <> md5(coalesce(c.content, '')))
      and ${scopeCondition(sql, scope)}
    order by c.published_at desc nulls last, c.id
    limit ${scope.limit ?? 200}`;
  let stored = 0;
  if (stale.length === 0) return stored;
  // The renderer (markdown-it, sanitize-html) is loaded by the first call that has something to render.
  const { renderContentHtml } = await import('./markdown-html');
  for (const item of stale) {
    const source = item.content ?? '';
    try {
      stored += await storeRendering(sql, item.id, source, renderContentHtml);
    } catch (error) {
      if (!scope.onError) throw error;
      scope.onError(item.id, error);
    }
  }
  return stored;
}

function scopeCondition(sql: Sql, scope: RenderScope) {
  if (scope.contentItemId) {
    return scope.workspaceId ? sql`c.id = ${scope.contentItemId} and c.organization_id = ${scope.workspaceId}` : sql`c.id = ${scope.contentItemId}`;
  }
  if (scope.blogSlug) {
    return sql`c.status = 'published' and c.organization_id = (select b.organization_id from public.workspace_blogs b where b.slug = ${scope.blogSlug})`;
  }
  return sql`c.status = 'published'`;
}

async function storeRendering(sql: Sql, id: string, source: string, render: (markdown: string) => string): Promise<number> {
  const html = render(source);
  const written = await sql`
      insert into private.content_item_html as h (content_item_id, html, source_md5, renderer, rendered_at)
      select c.id, ${html}, ${md5(source)}, ${CONTENT_HTML_RENDERER}, clock_timestamp()
      from public.content_items c
      where c.id = ${id} and md5(coalesce(c.content, '')) = ${md5(source)}
      on conflict (content_item_id) do update
        set html = excluded.html, source_md5 = excluded.source_md5, renderer = excluded.renderer, rendered_at = excluded.rendered_at
        -- Two renderings of the same source by the same renderer (a page and the publishing job at once) are one: the
        -- second leaves rendered_at, and so the blog's version and its pages' ETags, as they are.
        where h.source_md5 is distinct from excluded.source_md5 or h.renderer is distinct from excluded.renderer`;
  return written.count;
}

import { createHash } from 'node:crypto';
import type { Sql } from '../../db/client';
import { CONTENT_HTML_RENDERER, renderContentHtml } from './markdown-html';

/**
 * The server task that keeps `private.content_item_html` current: each content item in scope whose HTML is missing,
 * older than its last change, or made by an older renderer is rendered from its Markdown and stored, unless its
 * Markdown changed meanwhile (then the next run renders the newer one). Idempotent: running it twice, or on two
 * servers at once, stores the same HTML. It touches only the items its scope names (one item, or one blog's
 * workspace), reading and writing as the database owner; nothing of the HTML comes from a client.
 */
export interface RenderScope {
  /** One item (a job naming it). */
  contentItemId?: string;
  /** The published items of the workspace that has this blog (our server before it serves the blog's pages). */
  blogSlug?: string;
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
  if (!scope.contentItemId && !scope.blogSlug) throw new Error('renderStaleContentHtml needs an item or a blog');
  const stale = await sql<StaleItem[]>`
    select c.id, c.content
    from public.content_items c
    left join private.content_item_html h on h.content_item_id = c.id
    where (h.content_item_id is null or h.renderer <> ${CONTENT_HTML_RENDERER} or h.rendered_at < c.updated_at)
      and ${scope.contentItemId
        ? sql`c.id = ${scope.contentItemId}`
        : sql`c.status = 'published' and c.organization_id = (select b.organization_id from public.workspace_blogs b where b.slug = ${scope.blogSlug!})`}
    order by c.published_at desc nulls last, c.id
    limit ${scope.limit ?? 200}`;
  let stored = 0;
  for (const item of stale) {
    const source = item.content ?? '';
    try {
      stored += await storeRendering(sql, item.id, source);
    } catch (error) {
      if (!scope.onError) throw error;
      scope.onError(item.id, error);
    }
  }
  return stored;
}

async function storeRendering(sql: Sql, id: string, source: string): Promise<number> {
  const html = renderContentHtml(source);
  const written = await sql`
      insert into private.content_item_html as h (content_item_id, html, source_md5, renderer, rendered_at)
      select c.id, ${html}, ${md5(source)}, ${CONTENT_HTML_RENDERER}, clock_timestamp()
      from public.content_items c
      where c.id = ${id} and md5(coalesce(c.content, '')) = ${md5(source)}
      on conflict (content_item_id) do update
        set html = excluded.html, source_md5 = excluded.source_md5, renderer = excluded.renderer, rendered_at = excluded.rendered_at`;
  return written.count;
}

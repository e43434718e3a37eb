import type { TestServer } from './test-server';
import { signedInUser, type SignedInUser } from './rest-clients';

/** A workspace with a public blog: its owner (signed in through supabase-js) opened it at `slug`. */
export interface BlogWorld {
  owner: SignedInUser;
  slug: string;
  /** Adds an item through supabase-js as the owner; published unless said otherwise. Returns its slug and id. */
  addItem(fields: { title: string; content?: string; status?: string; excerpt?: string; tags?: string[]; featured_image_url?: string; seo_title?: string; seo_description?: string }): Promise<{ id: string; slug: string }>;
  /** Moves an item's published moment (tests order items without waiting). */
  setPublishedAt(id: string, at: string): Promise<void>;
}

export async function createBlogWorld(server: TestServer, slug: string, workspaceName = 'Northwind Journal'): Promise<BlogWorld> {
  const owner = await signedInUser(server, { metadata: { first_name: 'Olive', last_name: 'Owner', company_name: workspaceName } });
  const { error } = await owner.client.from('workspace_blogs').insert({ organization_id: owner.organizationId, slug });
  if (error) throw new Error(`opening the blog failed: ${error.message}`);
  return {
    owner,
    slug,
    async addItem(fields) {
      const { data, error: insertError } = await owner.client
        .from('content_items')
        .insert({ organization_id: owner.organizationId, user_id: owner.id, status: 'published', ...fields })
        .select('id, slug')
        .single();
      if (insertError) throw new Error(`adding an item failed: ${insertError.message}`);
      return data;
    },
    async setPublishedAt(id, at) {
      await server.sql`update public.content_items set published_at = ${at} where id = ${id}`;
    },
  };
}

/** GET through the real server, as a browser or a feed reader would. */
export async function fetchPage(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The HTML inside the item page's content block. */
export function contentOf(html: string): string {
  const match = /<div class="content">([\s\S]*?)<\/div>\n?<\/article>/.exec(html) ?? /<div class="content">([\s\S]*?)<\/div><\/article>/.exec(html);
  if (!match) throw new Error('no content block in the page');
  return match[1]!;
}

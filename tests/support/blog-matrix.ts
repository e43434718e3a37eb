import { DENY_ANON, REFUSED, type Operation, type World } from './tenant-matrix';
import { BLOG_SLUGS, ids } from './workspaces';

/**
 * The tenant matrix's rows for the public blogs (issue 26): every member reads their workspace's blog address, only
 * owners open, move or close it; nobody writes an item's slug; and through the public functions everyone, anon
 * included, reads exactly the published items of a workspace with a blog: workspace 2's published item, never its
 * draft, and nothing of workspace 1, whose only item is a draft.
 */
const everyone = (cell: string) => Array(8).fill(cell) as Operation['cells'];

export function blogOperations(world: World): Record<string, Operation> {
  return {
    'workspace_blogs: read workspace 1’s blog': {
      run: (a) => a.client.from('workspace_blogs').select('slug').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'workspace_blogs: read workspace 2’s blog': {
      run: (a) => a.client.from('workspace_blogs').select('slug').eq('organization_id', world().workspace2),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 1', 'rows 0', 'rows 0', DENY_ANON],
    },
    'workspace_blogs: move workspace 1’s blog to another address (owners only)': {
      run: (a) => a.client.from('workspace_blogs').update({ slug: 'moved-blog' }).eq('organization_id', world().workspace1).select('slug'),
      answer: 'rows',
      cells: ['rows 1 → workspace_blogs ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'workspace_blogs: open a blog for workspace 1 (owners only; it has one)': {
      run: (a) => a.client.from('workspace_blogs').insert({ organization_id: world().workspace1, slug: 'second-blog' }).select('slug'),
      answer: 'rows',
      cells: ['409 23505', REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'workspace_blogs: take workspace 2’s address for workspace 1': {
      run: (a) => a.client.from('workspace_blogs').update({ slug: BLOG_SLUGS.workspace2 }).eq('organization_id', world().workspace1).select('slug'),
      answer: 'rows',
      cells: ['409 23505', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'workspace_blogs: move workspace 2’s blog': {
      run: (a) => a.client.from('workspace_blogs').update({ slug: 'hijacked-blog' }).eq('organization_id', world().workspace2).select('slug'),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'workspace_blogs: close workspace 1’s blog (owners only)': {
      run: (a) => a.client.from('workspace_blogs').delete().eq('organization_id', world().workspace1).select('slug'),
      answer: 'rows',
      cells: ['rows 1 → workspace_blogs -1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'content_items: set workspace 1’s item’s slug directly': {
      run: (a) => a.client.from('content_items').update({ slug: 'chosen-slug' }).eq('id', ids.contentItem).select('id'),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'get_public_blog(): workspace 2’s blog': {
      run: (a) => a.client.rpc('get_public_blog', { blog_slug: BLOG_SLUGS.workspace2 }),
      answer: (data) => `posts ${(data as { post_count: number }[]).map((row) => row.post_count).join(',')}`,
      cells: everyone('ok posts 1'),
    },
    'get_public_blog_posts(): workspace 2’s blog (its published item, not its draft)': {
      run: (a) => a.client.rpc('get_public_blog_posts', { blog_slug: BLOG_SLUGS.workspace2 }),
      answer: (data) => (data as { title: string }[]).map((row) => row.title).join(',') || 'none',
      cells: everyone('ok Workspace 2 news'),
    },
    'get_public_blog_post(): workspace 2’s draft': {
      run: (a) => a.client.rpc('get_public_blog_post', { blog_slug: BLOG_SLUGS.workspace2, post_slug: 'workspace-2-secret' }),
      answer: 'rows',
      cells: everyone('rows 0'),
    },
    'get_public_blog_feed(): workspace 2’s blog': {
      run: (a) => a.client.rpc('get_public_blog_feed', { blog_slug: BLOG_SLUGS.workspace2 }),
      answer: (data) => (data as { content_html: string }[]).map((row) => row.content_html).join(','),
      cells: everyone('ok <p>rendered</p>'),
    },
    'get_public_blog_posts(): workspace 1’s blog (only a draft)': {
      run: (a) => a.client.rpc('get_public_blog_posts', { blog_slug: BLOG_SLUGS.workspace1 }),
      answer: 'rows',
      cells: everyone('rows 0'),
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogWorld, type BlogWorld } from '../support/blog';
import { signedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { renderStaleContentHtml } from '../../server/src/modules/blog/render-content-html';

/**
 * What hosted Supabase's SPA reads of a blog, as anon through supabase-js: the published items of workspaces that
 * have a blog, with exactly the public fields and the server's HTML; nothing else of the workspace. And the owner's
 * address: validated by the database with the errors the owner's form shows.
 */
let server: TestServer;
let blog: BlogWorld;

beforeAll(async () => {
  // No job runner: its rendering task would make items appear on its own (tests/integration/blog-rendering-jobs.test.ts).
  server = await startTestServer({}, { jobRunner: false });
  blog = await createBlogWorld(server, 'public-data');
  await blog.addItem({ title: 'Public article', content: 'Hello <script>alert(1)</script>', excerpt: 'Public.', tags: ['a'] });
  await blog.addItem({ title: 'Private draft', status: 'draft', content: 'Secret plans' });
  await renderStaleContentHtml(server.sql, { blogSlug: 'public-data' });
});

afterAll(async () => {
  await server?.close();
});

describe('anon through supabase-js', () => {
  it('reads the published items with their public fields only, never a draft, an author or an id', async () => {
    const anon = server.client();
    const { data: posts, error } = await anon.rpc('get_public_blog_posts', { blog_slug: 'public-data' });
    expect(error).toBeNull();
    expect(posts!.map((post) => post.title)).toEqual(['Public article']);
    expect(Object.keys(posts![0]!).sort()).toEqual(['excerpt', 'featured_image_url', 'published_at', 'slug', 'tags', 'title', 'updated_at']);
    const { data: post } = await anon.rpc('get_public_blog_post', { blog_slug: 'public-data', post_slug: 'public-article' }).single();
    expect(Object.keys(post!).sort()).toEqual(['content_html', 'excerpt', 'featured_image_url', 'published_at', 'seo_description', 'seo_title', 'slug', 'tags', 'title', 'updated_at']);
    expect(post!.content_html).toBe('<p>Hello </p>\n');
    expect((await anon.rpc('get_public_blog_post', { blog_slug: 'public-data', post_slug: 'private-draft' })).data).toEqual([]);
    const { data: about } = await anon.rpc('get_public_blog', { blog_slug: 'public-data' }).single();
    expect(about).toMatchObject({ slug: 'public-data', name: 'Northwind Journal', post_count: 1 });
    expect(JSON.stringify([posts, post, about])).not.toMatch(/Secret plans|Private draft|@example\.com|Olive/);
  });

  it('reads nothing of the workspace’s tables', async () => {
    const anon = server.client();
    for (const table of ['content_items', 'workspace_blogs', 'organizations', 'profiles'] as const) {
      const { status, error } = await anon.from(table).select('*');
      expect({ table, status, code: error?.code }).toEqual({ table, status: 401, code: '42501' });
    }
  });

  it('a published item appears once the server has rendered it (not before), and unpublishing hides it again', async () => {
    const anon = server.client();
    const item = await blog.addItem({ title: 'Fresh article', content: 'Fresh **news**' });
    expect((await anon.rpc('get_public_blog_post', { blog_slug: 'public-data', post_slug: item.slug })).data).toEqual([]);
    expect(await renderStaleContentHtml(server.sql, { contentItemId: item.id })).toBe(1);
    expect(await renderStaleContentHtml(server.sql, { contentItemId: item.id })).toBe(0);
    const { data } = await anon.rpc('get_public_blog_post', { blog_slug: 'public-data', post_slug: item.slug }).single();
    expect(data!.content_html).toBe('<p>Fresh <strong>news</strong></p>\n');
    await blog.owner.client.from('content_items').update({ status: 'draft' }).eq('id', item.id);
    expect((await anon.rpc('get_public_blog_post', { blog_slug: 'public-data', post_slug: item.slug })).data).toEqual([]);
  });
});

describe('the blog address', () => {
  it('refuses a malformed, reserved or taken address with the constraint the form names, and accepts a new one', async () => {
    const owner = await signedInUser(server, { metadata: { first_name: 'Ann', last_name: 'Owner', company_name: 'Second Co' } });
    const open = (slug: string) => owner.client.from('workspace_blogs').insert({ organization_id: owner.organizationId, slug }).select('slug');
    for (const [slug, code, constraint] of [
      ['ab', '23514', 'workspace_blogs_slug_format'],
      ['Has Spaces', '23514', 'workspace_blogs_slug_format'],
      ['double--hyphen', '23514', 'workspace_blogs_slug_format'],
      ['-edge', '23514', 'workspace_blogs_slug_format'],
      ['admin', '23514', 'workspace_blogs_slug_reserved'],
      ['public-data', '23505', 'workspace_blogs_slug_key'],
    ] as const) {
      const { error } = await open(slug);
      expect({ slug, code: error?.code, constraint: error?.message.includes(constraint) }).toEqual({ slug, code, constraint: true });
    }
    expect((await open('second-co')).data).toEqual([{ slug: 'second-co' }]);
  });
});

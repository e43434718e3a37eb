import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogWorld, fetchPage, type BlogWorld } from '../support/blog';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The public blog as our server renders it: the list newest first and paginated, an item's page with its meta
 * tags, no script on any page, 404 for what is not public, and ETags that change when the blog's content does.
 */
let server: TestServer;
let blog: BlogWorld;

beforeAll(async () => {
  server = await startTestServer();
  blog = await createBlogWorld(server, 'northwind-journal');
});

afterAll(async () => {
  await server?.close();
});

describe('the list page', () => {
  it('lists published items newest first, without drafts, and no script', async () => {
    const older = await blog.addItem({ title: 'Spring launch notes', excerpt: 'What we shipped in spring.', tags: ['launch', 'spring'] });
    const newer = await blog.addItem({ title: 'Summer roadmap', excerpt: 'Where we go next.' });
    await blog.addItem({ title: 'Secret draft plan', status: 'draft' });
    await blog.addItem({ title: 'Under review', status: 'review' });
    await blog.setPublishedAt(older.id, '2026-03-01T10:00:00Z');
    await blog.setPublishedAt(newer.id, '2026-06-01T10:00:00Z');

    const page = await fetchPage(server, '/blog/northwind-journal');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Northwind Journal</title>');
    expect(page.body.indexOf('Summer roadmap')).toBeLessThan(page.body.indexOf('Spring launch notes'));
    expect(page.body).toContain('href="/blog/northwind-journal/spring-launch-notes"');
    expect(page.body).toContain('<time datetime="2026-03-01T10:00:00.000Z">March 1, 2026</time>');
    expect(page.body).toContain('<li>launch</li><li>spring</li>');
    expect(page.body).not.toContain('Secret draft plan');
    expect(page.body).not.toContain('Under review');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain(`<link rel="canonical" href="${server.url}/blog/northwind-journal">`);
    expect(page.body).toContain(`<link rel="alternate" type="application/rss+xml" title="Northwind Journal (RSS)" href="${server.url}/blog/northwind-journal/rss.xml">`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('public, no-cache');
    expect(page.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('pages by ten, and answers 404 past the last page or for a page that is not a number', async () => {
    const world = await createBlogWorld(server, 'paged-blog', 'Paged Workspace');
    for (let n = 1; n <= 12; n += 1) {
      const item = await world.addItem({ title: `Article ${n}` });
      await world.setPublishedAt(item.id, new Date(Date.UTC(2026, 0, n)).toISOString());
    }
    const first = await fetchPage(server, '/blog/paged-blog');
    expect(first.body.match(/<article>/g)).toHaveLength(10);
    expect(first.body).toContain('Article 12');
    expect(first.body).toContain('Page 1 of 2');
    expect(first.body).toContain('href="/blog/paged-blog?page=2" rel="next"');
    const second = await fetchPage(server, '/blog/paged-blog?page=2');
    expect(second.status).toBe(200);
    expect(second.body.match(/<article>/g)).toHaveLength(2);
    expect(second.body).toContain('Article 1<');
    expect(second.body).toContain('<title>Paged Workspace – page 2</title>');
    expect(second.body).toContain(`<link rel="canonical" href="${server.url}/blog/paged-blog?page=2">`);
    for (const path of ['/blog/paged-blog?page=3', '/blog/paged-blog?page=0', '/blog/paged-blog?page=two']) {
      expect((await fetchPage(server, path)).status, path).toBe(404);
    }
  });

  it('answers 404 with a page for an unknown blog, a malformed address and a workspace without a blog', async () => {
    for (const path of ['/blog/no-such-blog', '/blog/NORTHWIND-JOURNAL', '/blog/a', '/blog/northwind-journal/secret-draft-plan', '/blog/northwind-journal/no-such-item']) {
      const page = await fetchPage(server, path);
      expect(page.status, path).toBe(404);
      expect(page.body, path).toContain('<h1>Not found</h1>');
      expect(page.body, path).not.toContain('Secret draft plan');
    }
  });
});

describe('an item page', () => {
  it('shows title, excerpt, tags, featured image, the rendered Markdown, SEO title and description, canonical URL and Open Graph', async () => {
    const item = await blog.addItem({
      title: 'Ten ideas for a product launch',
      excerpt: 'A checklist for launch week.',
      tags: ['launch', 'checklist'],
      featured_image_url: 'https://images.example/launch.webp',
      seo_title: 'Launch checklist: ten ideas',
      seo_description: 'Ten ideas that make launch week calmer.',
      content: '# Before\n\nPlan **early**.\n\n- one\n- two\n\n[Read more](https://example.com/more)',
    });
    expect(item.slug).toBe('ten-ideas-for-a-product-launch');
    const page = await fetchPage(server, `/blog/northwind-journal/${item.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Launch checklist: ten ideas | Northwind Journal</title>');
    expect(page.body).toContain('<meta name="description" content="Ten ideas that make launch week calmer.">');
    expect(page.body).toContain(`<link rel="canonical" href="${server.url}/blog/northwind-journal/ten-ideas-for-a-product-launch">`);
    expect(page.body).toContain('<meta property="og:type" content="article">');
    expect(page.body).toContain('<meta property="og:image" content="https://images.example/launch.webp">');
    expect(page.body).toContain('<meta property="og:title" content="Launch checklist: ten ideas | Northwind Journal">');
    expect(page.body).toContain('<h1>Ten ideas for a product launch</h1>');
    expect(page.body).toContain('<p class="meta">A checklist for launch week.</p>');
    expect(page.body).toContain('<img class="cover" src="https://images.example/launch.webp"');
    expect(page.body).toContain('<h2>Before</h2>');
    expect(page.body).toContain('<p>Plan <strong>early</strong>.</p>');
    expect(page.body).toContain('<a href="https://example.com/more">Read more</a>');
    expect(page.body).not.toMatch(/<script/i);
  });

  it('escapes the plain-text fields', async () => {
    const item = await blog.addItem({ title: 'Quotes "and" <b>tags</b>', excerpt: '<img src=x onerror=alert(1)>', tags: ['<script>'] });
    const page = await fetchPage(server, `/blog/northwind-journal/${item.slug}`);
    expect(page.body).toContain('<h1>Quotes &#34;and&#34; &#60;b&#62;tags&#60;/b&#62;</h1>');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<script>');
  });

  it('keeps its address once published, whatever the title becomes; before that the address follows the title', async () => {
    const draft = await blog.addItem({ title: 'Working title', status: 'draft' });
    expect(draft.slug).toBe('working-title');
    const { data: renamed } = await blog.owner.client.from('content_items').update({ title: 'Final title' }).eq('id', draft.id).select('slug').single();
    expect(renamed?.slug).toBe('final-title');
    await blog.owner.client.from('content_items').update({ status: 'published' }).eq('id', draft.id);
    const { data: after } = await blog.owner.client.from('content_items').update({ title: 'A newer title' }).eq('id', draft.id).select('slug').single();
    expect(after?.slug).toBe('final-title');
    expect((await fetchPage(server, '/blog/northwind-journal/final-title')).body).toContain('<h1>A newer title</h1>');
    const twin = await blog.addItem({ title: 'Final title' });
    expect(twin.slug).toBe('final-title-2');
  });
});

describe('an item that cannot be stored', () => {
  it('stays off the blog while the other items are served (the failure is logged, not answered with a 5xx)', async () => {
    const world = await createBlogWorld(server, 'robust-blog', 'Robust Workspace');
    await world.addItem({ title: 'Fine article', content: 'Fine.' });
    // A storage failure for one item only: its HTML is refused by a check the test adds.
    await server.sql`alter table private.content_item_html add constraint test_refuses_one check (html not like '%REFUSED-BY-TEST%') not valid`;
    try {
      await world.addItem({ title: 'Broken article', content: 'REFUSED-BY-TEST' });
      const page = await fetchPage(server, '/blog/robust-blog');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Fine article');
      expect(page.body).not.toContain('Broken article');
    } finally {
      await server.sql`alter table private.content_item_html drop constraint test_refuses_one`;
    }
  });
});

describe('caching', () => {
  it('answers 304 to the current ETag and a new ETag once something is published, changed or unpublished', async () => {
    const world = await createBlogWorld(server, 'cached-blog', 'Cached Workspace');
    const item = await world.addItem({ title: 'First article', content: 'Version one.' });
    const first = await fetchPage(server, '/blog/cached-blog');
    const etag = first.headers.get('etag')!;
    const again = await fetchPage(server, '/blog/cached-blog', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');

    await world.addItem({ title: 'Second article' });
    const afterPublish = await fetchPage(server, '/blog/cached-blog', { 'If-None-Match': etag });
    expect(afterPublish.status).toBe(200);
    expect(afterPublish.body).toContain('Second article');

    const itemPage = await fetchPage(server, '/blog/cached-blog/first-article');
    await world.owner.client.from('content_items').update({ content: 'Version two.' }).eq('id', item.id);
    const afterEdit = await fetchPage(server, '/blog/cached-blog/first-article', { 'If-None-Match': itemPage.headers.get('etag')! });
    expect(afterEdit.status).toBe(200);
    expect(afterEdit.body).toContain('<p>Version two.</p>');

    await world.owner.client.from('content_items').update({ status: 'archived' }).eq('id', item.id);
    expect((await fetchPage(server, '/blog/cached-blog/first-article')).status).toBe(404);
    expect((await fetchPage(server, '/blog/cached-blog')).body).not.toContain('First article');

    await server.sql`update public.organizations set name = 'Renamed Workspace' where id = ${world.owner.organizationId}`;
    expect((await fetchPage(server, '/blog/cached-blog')).body).toContain('<title>Renamed Workspace</title>');
  });
});

import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogWorld, fetchPage, type BlogWorld } from '../support/blog';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The blog's RSS 2.0, Atom and JSON Feed: well-formed, with the elements their specifications require, and read
 * back by a feed parser with the same items as the blog (published only, newest first, sanitised HTML).
 */
let server: TestServer;
let blog: BlogWorld;
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

beforeAll(async () => {
  server = await startTestServer();
  blog = await createBlogWorld(server, 'feed-blog', 'Feed & Co');
  const first = await blog.addItem({ title: 'First <news>', excerpt: 'The first.', tags: ['news'], content: 'Hello <script>alert(1)</script>**world**', featured_image_url: 'https://img.example/first.png' });
  const second = await blog.addItem({ title: 'Second news', content: 'More.' });
  await blog.addItem({ title: 'Draft news', status: 'draft' });
  await blog.setPublishedAt(first.id, '2026-02-01T09:00:00Z');
  await blog.setPublishedAt(second.id, '2026-02-02T09:00:00Z');
});

afterAll(async () => {
  await server?.close();
});

const link = (slug: string) => `${server?.url}/blog/feed-blog/${slug}`;

describe('feeds', () => {
  it('RSS 2.0: valid XML with channel and items, read back with the published items newest first', async () => {
    const response = await fetchPage(server, '/blog/feed-blog/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('etag')).toMatch(/^W\//);
    expect(XMLValidator.validate(response.body)).toBe(true);
    const { rss } = xml.parse(response.body);
    expect(rss['@version']).toBe('2.0');
    expect(rss.channel.title).toBe('Feed & Co');
    expect(rss.channel.link).toBe(`${server.url}/blog/feed-blog`);
    expect(rss.channel.description).toBeTruthy();
    const feed = parseFeed(response.body);
    expect(feed.items.map((item) => item.title)).toEqual(['Second news', 'First <news>']);
    expect(feed.items.map((item) => item.url)).toEqual([link('second-news'), link('first-news')]);
    expect(feed.items[1]!.content).toContain('<strong>world</strong>');
    expect(feed.items[1]!.content).not.toContain('<script');
    expect(feed.items[1]!.categories.map((category) => category.term)).toEqual(['news']);
    expect(response.body).not.toContain('Draft news');
  });

  it('Atom: valid XML with id, title, updated, author and entries, read back alike', async () => {
    const response = await fetchPage(server, '/blog/feed-blog/atom.xml');
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const { feed: atom } = xml.parse(response.body);
    expect(atom['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(atom.id).toBe(`${server.url}/blog/feed-blog`);
    expect(atom.updated).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(atom.author.name).toBe('Feed & Co');
    for (const entry of atom.entry) {
      expect(entry.id).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/blog\/feed-blog\//);
      expect(entry.updated).toBeTruthy();
    }
    const feed = parseFeed(response.body);
    expect(feed.title).toBe('Feed & Co');
    expect(feed.items.map((item) => item.url)).toEqual([link('second-news'), link('first-news')]);
    expect(feed.items[1]!.content).not.toContain('<script');
  });

  it('JSON Feed: the version URL, title, home page and items with ids, URLs and HTML', async () => {
    const response = await fetchPage(server, '/blog/feed-blog/feed.json');
    expect(response.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed = JSON.parse(response.body);
    expect(feed.version).toMatch(/^https:\/\/jsonfeed\.org\/version\/1/);
    expect(feed.title).toBe('Feed & Co');
    expect(feed.home_page_url).toBe(`${server.url}/blog/feed-blog`);
    expect(feed.feed_url).toBe(`${server.url}/blog/feed-blog/feed.json`);
    expect(feed.items.map((item: { id: string }) => item.id)).toEqual([link('second-news'), link('first-news')]);
    expect(feed.items[1]).toMatchObject({ url: link('first-news'), title: 'First <news>', summary: 'The first.', image: 'https://img.example/first.png', tags: ['news'] });
    expect(feed.items[1].content_html).toContain('<strong>world</strong>');
    expect(feed.items[1].content_html).not.toContain('<script');
  });

  it('an unknown blog has no feed', async () => {
    expect((await fetchPage(server, '/blog/no-such-blog/rss.xml')).status).toBe(404);
  });
});

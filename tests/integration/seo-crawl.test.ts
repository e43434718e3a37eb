import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, type OutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { crawlSite, type CrawlResult } from '../../server/src/modules/seo/crawler';
import { document, EXPECTED_ISSUES, startFixtureSite, startLocalServer, type FixtureSite } from '../support/seo-fixture-site';

/**
 * Crawls the local fixture site (known defects, tests/support/seo-fixture-site.ts, on 127.0.0.2) through the outbound
 * client that allows that one address, and finds exactly its defects.
 */
let site: FixtureSite;
let client: OutboundClient;
let result: CrawlResult;

beforeAll(async () => {
  site = await startFixtureSite();
  client = createOutboundClient({ policy: { allowPrivate: ['127.0.0.2'], allowPorts: 'any' } });
  result = await crawlSite(client, { startUrl: site.origin, pageLimit: 100, delayMs: 0 });
});

afterAll(async () => {
  await client?.close();
  await site?.close();
});

const found = (crawl: CrawlResult) => {
  const byPath: Record<string, string[]> = {};
  for (const page of crawl.pages) {
    const checks = page.findings.map((finding) => finding.check);
    if (checks.length > 0) byPath[new URL(page.url).pathname] = [...checks].sort();
  }
  return byPath;
};

describe('a crawl of the fixture site', () => {
  it('finds exactly the known defects', () => {
    const expected = Object.fromEntries(Object.entries(EXPECTED_ISSUES).map(([path, checks]) => [path, [...checks].sort()]));
    expect(found(result)).toEqual(expected);
    expect(result.siteFindings).toEqual([]);
  });

  it('records redirects hop by hop, honours robots.txt and reads the sitemap', () => {
    const chain = result.pages.find((page) => page.url.endsWith('/redirect-chain'))!;
    expect(chain.redirects).toEqual([
      { status: 301, location: `${site.origin}/redirect-step` },
      { status: 302, location: `${site.origin}/about` },
    ]);
    expect(site.requests.some((request) => request.path.startsWith('/blocked/'))).toBe(false);
    expect(result.robots.status).toBe(200);
    expect(result.sitemaps).toEqual([expect.objectContaining({ url: `${site.origin}/sitemap.xml`, status: 200, kind: 'urlset', errors: [] })]);
    expect(result.pages.find((page) => page.url.endsWith('/orphan'))).toMatchObject({ foundVia: 'sitemap', inSitemap: true, inlinks: 0 });
  });

  it('stays within the page limit and says so', async () => {
    const small = await crawlSite(client, { startUrl: site.origin, pageLimit: 5, delayMs: 0 });
    expect(small.pages).toHaveLength(5);
    expect(small.truncated).toBe('pages');
  });

  it('waits the politeness delay between requests', async () => {
    const before = site.requests.length;
    await crawlSite(client, { startUrl: `${site.origin}/about`, pageLimit: 3, delayMs: 150, maxExternalLinks: 0 });
    const pages = site.requests.slice(before).filter((request) => !['/robots.txt', '/sitemap.xml'].includes(request.path));
    for (let index = 1; index < pages.length; index += 1) expect(pages[index]!.at - pages[index - 1]!.at).toBeGreaterThanOrEqual(140);
  });
});

describe('a crawl of a second site: directives, lengths and duplicate descriptions', () => {
  it('finds nofollow links and directives (meta and X-Robots-Tag), a short title, a long description, a description used twice', async () => {
    const body = (text: string) => `<h1>${text}</h1><p>${'Solid oak, made to order. '.repeat(3)}</p>`;
    const same = 'The same description on two pages of the shop, long enough to be a fair summary of a page.';
    const pages: Record<string, { html: string; headers?: Record<string, string> }> = {
      '/': { html: document('/', { body: `${body('Home')}<a href="/a">Chairs</a> <a href="/b">Stools</a> <a href="/c">Benches</a> <a href="/d">Desks</a> <a href="/e" rel="nofollow">Shelves</a>` }) },
      '/a': { html: document('/a', { head: '<meta name="robots" content="nofollow">', body: body('Chairs') }) },
      '/b': { html: document('/b', { body: body('Stools') }), headers: { 'x-robots-tag': 'noindex' } },
      '/c': { html: document('/c', { title: 'Oak', description: `${'Benches of solid oak for halls and gardens, '.repeat(5)}made to order.`, body: body('Benches') }) },
      '/d': { html: document('/d', { description: same, body: body('Desks') }) },
      '/e': { html: document('/e', { description: same, body: body('Shelves') }) },
    };
    const local = await startLocalServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\nSitemap: ${local.origin}/sitemap.xml\n`);
      if (path === '/sitemap.xml') {
        const listed = Object.keys(pages).filter((key) => key !== '/b').map((key) => `<url><loc>${local.origin}${key}</loc></url>`).join('');
        return void response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed}</urlset>`);
      }
      const page = pages[path];
      if (!page) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'cache-control': 'max-age=300', ...page.headers }).end(gzipSync(page.html));
    });
    try {
      const crawl = await crawlSite(client, { startUrl: `${local.origin}/`, pageLimit: 20, delayMs: 0 });
      expect(found(crawl)).toEqual({
        '/': ['internal_nofollow'],
        '/a': ['robots_nofollow'],
        '/b': ['not_indexable'],
        '/c': ['description_too_long', 'title_too_short'],
        '/d': ['description_duplicate'],
        '/e': ['description_duplicate'],
      });
      expect(crawl.pages.find((page) => new URL(page.url).pathname === '/')?.findings[0]?.detail).toEqual({ count: 1, links: [`${local.origin}/e`] });
      expect(crawl.siteFindings).toEqual([]);
    } finally {
      await local.close();
    }
  });
});

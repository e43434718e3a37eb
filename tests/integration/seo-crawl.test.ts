import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, type OutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { crawlSite, type CrawlResult } from '../../server/src/modules/seo/crawler';
import { EXPECTED_ISSUES, startFixtureSite, type FixtureSite } from '../support/seo-fixture-site';

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

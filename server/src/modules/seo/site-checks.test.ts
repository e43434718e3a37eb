import { describe, expect, it } from 'vitest';
import type { CrawledPage } from './crawled-page';
import { healthScore, pageScore } from './health-score';
import { robotsReport } from './robots-txt';
import { checkAcrossPages, siteFindings } from './site-checks';

function page(url: string, overrides: Partial<CrawledPage> = {}): CrawledPage {
  return {
    url, finalUrl: url, status: 200, fetchError: null, redirects: [], contentType: 'text/html', bytes: 100, durationMs: 10, depth: 1,
    foundVia: 'link', inSitemap: true, inlinks: 0, title: `Title of ${url}`, description: `About ${url}`, h1: null, canonical: null, lang: 'en',
    indexable: true, hreflang: [], internalLinks: [], externalLinks: [], findings: [], ...overrides,
  };
}

const checks = (target: CrawledPage) => target.findings.map((finding) => finding.check).sort();
const start = 'https://a.example/';

describe('checkAcrossPages', () => {
  it('counts inbound links and finds orphans, listed pages that fail and pages missing from the sitemap', () => {
    const home = page(start, { foundVia: 'start', internalLinks: ['https://a.example/b', 'https://a.example/gone', 'https://a.example/extra'] });
    const linked = page('https://a.example/b', { internalLinks: [start] });
    const orphan = page('https://a.example/orphan', { foundVia: 'sitemap' });
    const gone = page('https://a.example/gone', { status: 404, indexable: false });
    const extra = page('https://a.example/extra', { inSitemap: false });
    const pages = [home, linked, orphan, gone, extra];
    checkAcrossPages(pages, { external: new Map(), hasSitemap: true, startUrl: start });
    expect(pages.map((entry) => entry.inlinks)).toEqual([1, 1, 0, 1, 1]);
    expect(checks(home)).toEqual(['broken_internal_link']);
    expect(checks(linked)).toEqual([]);
    expect(checks(orphan)).toEqual(['orphan_page']);
    expect(checks(gone)).toEqual(['sitemap_url_not_ok']);
    expect(checks(extra)).toEqual(['not_in_sitemap']);
  });

  it('finds duplicate titles and descriptions among indexable pages only', () => {
    const options = { inSitemap: false, internalLinks: [start, 'https://a.example/b', 'https://a.example/c'] };
    const pages = [page(start, { ...options, title: 'Same', description: 'Same text' }), page('https://a.example/b', { ...options, title: 'same ', description: 'Other' }), page('https://a.example/c', { ...options, title: 'Same', indexable: false })];
    checkAcrossPages(pages, { external: new Map(), hasSitemap: false, startUrl: start });
    expect(pages.map(checks)).toEqual([['title_duplicate'], ['title_duplicate'], []]);
    expect(pages[0]!.findings[0]!.detail).toEqual({ count: 2, others: ['https://a.example/b'] });
  });

  it('finds broken external links, canonical targets that fail and hreflang without return links', () => {
    const pages = [
      page(start, { externalLinks: ['https://b.example/ok', 'https://b.example/gone', 'https://b.example/down'], canonical: 'https://a.example/moved', hreflang: [{ lang: 'de', href: 'https://a.example/de' }] }),
      page('https://a.example/moved', { redirects: [{ status: 301, location: 'https://a.example/new' }], inSitemap: false, indexable: false }),
      page('https://a.example/de', { hreflang: [] }),
    ];
    const external = new Map([['https://b.example/ok', { status: 200 }], ['https://b.example/gone', { status: 410 }], ['https://b.example/down', { error: 'timeout' }]]);
    checkAcrossPages(pages, { external, hasSitemap: false, startUrl: start });
    expect(checks(pages[0]!)).toEqual(['broken_external_link', 'canonical_target_error', 'hreflang_no_return']);
    expect(pages[0]!.findings.find((finding) => finding.check === 'broken_external_link')!.detail.count).toBe(2);
  });
});

describe('siteFindings', () => {
  const robots = robotsReport('https://a.example/robots.txt', { status: 200, text: 'User-agent: *\nDisallow:' });
  const sitemap = { url: 'https://a.example/sitemap.xml', status: 200, kind: 'urlset' as const, urlCount: 3, errors: [], declared: false };
  it('is quiet for a valid robots.txt and sitemap', () => {
    expect(siteFindings(robots, [sitemap])).toEqual([]);
  });
  it('reports a missing robots.txt and sitemap, and an invalid sitemap', () => {
    const missing = robotsReport('https://a.example/robots.txt', { status: 404, text: '' });
    expect(siteFindings(missing, [{ ...sitemap, status: 404, kind: null }]).map((finding) => finding.check)).toEqual(['robots_txt_missing', 'sitemap_missing']);
    expect(siteFindings(robots, [{ ...sitemap, errors: ['not valid XML'] }]).map((finding) => finding.check)).toEqual(['sitemap_invalid']);
    expect(siteFindings(robots, [{ ...sitemap, status: 500, kind: null, declared: true }]).map((finding) => finding.check)).toEqual(['sitemap_invalid']);
  });
});

describe('health score', () => {
  it('scores a page by the weight of its issues, zero with a critical one', () => {
    expect(pageScore([])).toBe(100);
    expect(pageScore(['description_missing'])).toBe(95);
    expect(pageScore(['title_missing'])).toBe(85);
    expect(pageScore(['not_indexable', 'description_missing'])).toBe(0);
    expect(pageScore(Array<'broken_internal_link'>(10).fill('broken_internal_link'))).toBe(0);
  });
  it('averages pages and takes site-level issues off', () => {
    expect(healthScore([[], ['description_missing']], [])).toBe(98);
    expect(healthScore([[], []], ['robots_txt_invalid', 'sitemap_missing'])).toBe(93);
    expect(healthScore([], [])).toBe(0);
  });
});

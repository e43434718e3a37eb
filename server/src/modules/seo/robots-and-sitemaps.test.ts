import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { robotsReport, robotsTxtProblem, validateRobotsTxt } from './robots-txt';
import { parseSitemap, sitemapText } from './sitemaps';

describe('robots.txt', () => {
  it('accepts a valid file and reads its sitemaps and rules', () => {
    const report = robotsReport('https://a.example/robots.txt', { status: 200, text: 'User-agent: *\nDisallow: /private\nAllow: /private/open$\nCrawl-delay: 2\nSitemap: https://a.example/sitemap.xml\n# comment' });
    expect(report.errors).toEqual([]);
    expect(report.sitemaps).toEqual(['https://a.example/sitemap.xml']);
    expect(report.robots!.isAllowed('https://a.example/private/x', 'Bot')).toBe(false);
    expect(report.robots!.isAllowed('https://a.example/private/open', 'Bot')).toBe(true);
    expect(report.robots!.getCrawlDelay('Bot')).toBe(2);
    expect(robotsTxtProblem(report)).toBeNull();
  });

  it('names each invalid line', () => {
    expect(validateRobotsTxt('Disallow: /x\nUser-agent: *\nDisalow: /y\nAllow: private\nDisallow: /a$b\nSitemap: /relative.xml\nnonsense')).toEqual([
      { line: 1, message: 'rule before any User-agent line' },
      { line: 3, message: 'unknown directive "disalow"' },
      { line: 4, message: 'a path pattern starts with / or *' },
      { line: 5, message: '$ may only end a pattern' },
      { line: 6, message: 'the sitemap address is not an absolute URL' },
      { line: 7, message: 'not a directive (no colon)' },
    ]);
  });

  it('fails as Lighthouse does: no answer, 5xx or invalid lines; absent is fine', () => {
    expect(robotsTxtProblem(robotsReport('u', { error: 'timeout' }))).toMatch(/could not be fetched/);
    expect(robotsTxtProblem(robotsReport('u', { status: 503, text: '' }))).toBe('robots.txt answered HTTP 503');
    expect(robotsTxtProblem(robotsReport('u', { status: 404, text: '' }))).toBeNull();
    expect(robotsTxtProblem(robotsReport('u', { status: 200, text: '' }))).toBeNull();
  });
});

describe('sitemaps', () => {
  const urlset = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`;

  it('reads a urlset of this origin', () => {
    const parsed = parseSitemap(urlset('<url><loc>https://a.example/</loc></url><url><loc> https://a.example/b#x </loc><lastmod>2026-01-01</lastmod></url>'), 'https://a.example/sitemap.xml');
    expect(parsed).toEqual({ kind: 'urlset', urls: ['https://a.example/', 'https://a.example/b'], errors: [] });
  });

  it('reads a sitemap index', () => {
    const index = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>';
    expect(parseSitemap(index, 'https://a.example/sitemap.xml')).toEqual({ kind: 'sitemapindex', urls: ['https://a.example/s1.xml'], errors: [] });
  });

  it('names what makes a sitemap invalid', () => {
    expect(parseSitemap('<urlset><url><loc>x</loc></url>', 'https://a.example/s.xml').errors[0]).toMatch(/^not valid XML/);
    expect(parseSitemap('<html><body/></html>', 'https://a.example/s.xml').errors).toEqual(['the root element is <html>, not <urlset> or <sitemapindex>']);
    const mixed = parseSitemap('<urlset><url><loc>https://other.example/</loc></url><url><loc>/relative</loc></url><url></url></urlset>', 'https://a.example/s.xml');
    expect(mixed.urls).toEqual([]);
    expect(mixed.errors).toEqual([
      'the urlset does not declare the sitemap namespace http://www.sitemaps.org/schemas/sitemap/0.9',
      'a <url> "https://other.example/" is on another host than the sitemap',
      'a <url> "/relative" is not an absolute URL',
      'a <url> without <loc>',
    ]);
  });

  it('does not expand entities (no billion laughs)', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/&lol2;</loc></url></urlset>';
    const parsed = parseSitemap(bomb, 'https://a.example/s.xml');
    expect(parsed.urls.join('')).not.toContain('lollol');
  });

  it('reads a text sitemap and a gzipped one, and stops a gzip bomb', () => {
    expect(parseSitemap('https://a.example/\nhttps://a.example/x\n', 'https://a.example/s.txt').urls).toEqual(['https://a.example/', 'https://a.example/x']);
    expect(sitemapText(gzipSync(urlset('')))).toContain('<urlset');
    expect(() => sitemapText(gzipSync(Buffer.alloc(2 * 1024 * 1024)), 1024 * 1024)).toThrow(RangeError);
  });
});

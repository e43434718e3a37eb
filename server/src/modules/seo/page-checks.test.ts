import { describe, expect, it } from 'vitest';
import { analyzeHtml, parseLinkHeader } from './page-analysis';
import { canonicalProblem, checkPage, hreflangProblems, isGenericLinkText, isUncrawlableAnchor, structuredDataProblem, type PageResponse } from './page-checks';
import { parseRobotsTxt } from './robots-txt';

const good = `<!doctype html><html lang="en"><head>
<title>Handmade oak tables | Woodshop</title>
<meta name="description" content="Oak tables made to measure in our workshop, delivered across the country within four weeks.">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="canonical" href="https://shop.example/tables">
<meta property="og:title" content="Oak tables"><meta property="og:description" content="Made to measure"><meta property="og:image" content="https://shop.example/t.jpg">
<meta name="twitter:card" content="summary_large_image">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Table"}</script>
</head><body><h1>Oak tables</h1><h2>Sizes</h2><img src="t.jpg" alt="A table"><a href="/chairs">Our chairs</a></body></html>`;

function response(overrides: Partial<PageResponse> = {}): PageResponse {
  return {
    url: 'https://shop.example/tables',
    finalUrl: 'https://shop.example/tables',
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'cache-control': 'max-age=60' },
    redirects: [],
    durationMs: 120,
    bytes: 5_000,
    ...overrides,
  };
}

const checksOf = (html: string, overrides: Partial<PageResponse> = {}, robots = null as ReturnType<typeof parseRobotsTxt> | null) =>
  checkPage(response(overrides), analyzeHtml(html), robots).map((finding) => finding.check).sort();

describe('analyzeHtml', () => {
  it('reads the head, headings, images, anchors and JSON-LD without running anything', () => {
    const facts = analyzeHtml(good.replace('</body>', '<script>document.title = "changed"</script></body>'));
    expect(facts.title).toBe('Handmade oak tables | Woodshop');
    expect(facts.lang).toBe('en');
    expect(facts.headings).toEqual([{ level: 1, text: 'Oak tables' }, { level: 2, text: 'Sizes' }]);
    expect(facts.anchors).toHaveLength(1);
    expect(facts.anchors[0]).toMatchObject({ rawHref: '/chairs', text: 'Our chairs' });
    expect(facts.jsonLd).toHaveLength(1);
    expect(facts.links).toEqual([{ rel: 'canonical', hrefRaw: 'https://shop.example/tables', hreflang: null, source: 'head' }]);
  });

  it('puts a <link> after body content in the body, as a browser would', () => {
    const facts = analyzeHtml('<title>x</title><p>text</p><link rel="canonical" href="https://a.example/">');
    expect(facts.links[0]!.source).toBe('body');
  });

  it('collects the text of nested anchors and headings with entities decoded', () => {
    const facts = analyzeHtml('<h1>Tom &amp; <em>Jerry</em></h1><a href="/x"><span>Read</span> more</a>');
    expect(facts.headings[0]!.text).toBe('Tom & Jerry');
    expect(facts.anchors[0]!.text).toBe('Read more');
  });
});

describe('checkPage', () => {
  it('finds nothing wrong with a complete page', () => {
    expect(checksOf(good)).toEqual([]);
  });

  it('finds a missing title, description, h1, lang and viewport', () => {
    expect(checksOf('<html><body><p>hi</p></body></html>')).toEqual(
      ['description_missing', 'h1_missing', 'lang_missing', 'open_graph_missing', 'title_missing', 'twitter_card_missing', 'viewport_missing'].sort(),
    );
  });

  it('judges title and description lengths', () => {
    const long = good.replace('Handmade oak tables | Woodshop', 'x'.repeat(61)).replace(/content="Oak tables made[^"]*"/, 'content="short"');
    expect(checksOf(long)).toEqual(['description_too_short', 'title_too_long']);
  });

  it('only reports the status of an error page', () => {
    expect(checksOf('<html></html>', { status: 404 })).toEqual(['http_error']);
  });

  it('flags noindex in a meta tag, in a header, and through robots.txt', () => {
    expect(checksOf(good.replace('<head>', '<head><meta name="robots" content="noindex, follow">'))).toContain('not_indexable');
    expect(checksOf(good, { headers: { ...response().headers, 'x-robots-tag': 'none' } })).toContain('not_indexable');
    const robots = parseRobotsTxt('https://shop.example/robots.txt', 'User-agent: *\nDisallow: /tables');
    expect(checksOf(good, {}, robots)).toContain('not_indexable');
  });

  it('does not flag a page one search engine may index', () => {
    const googleOnly = good.replace('<head>', '<head><meta name="robots" content="noindex"><meta name="googlebot" content="index">');
    expect(checksOf(googleOnly)).not.toContain('not_indexable');
    expect(checksOf(good, { headers: { ...response().headers, 'x-robots-tag': 'otherbot: noindex' } })).not.toContain('not_indexable');
  });

  it('flags images without a text alternative but not decorative or labelled ones', () => {
    const html = good.replace('<img src="t.jpg" alt="A table">', '<img src="a.jpg"><img src="b.jpg" alt=""><img src="c.jpg" role="presentation"><img src="d.jpg" aria-label="D">');
    const findings = checkPage(response(), analyzeHtml(html), null);
    expect(findings.find((finding) => finding.check === 'image_alt_missing')?.detail).toEqual({ count: 1, images: ['a.jpg'] });
  });

  it('flags delivery: no compression, no caching, heavy and slow pages, redirect chains', () => {
    const checks = checksOf(good, {
      headers: { 'content-type': 'text/html' },
      bytes: 600 * 1024,
      durationMs: 2_500,
      redirects: [{ status: 301, location: 'https://shop.example/a' }, { status: 302, location: 'https://shop.example/tables' }],
    });
    expect(checks).toEqual(['no_caching', 'no_compression', 'page_too_heavy', 'redirect_chain', 'slow_response']);
  });

  it('flags a heading level skipped and several h1', () => {
    expect(checksOf(good.replace('<h2>Sizes</h2>', '<h3>Sizes</h3>'))).toEqual(['heading_skipped']);
    expect(checksOf(good.replace('<h2>Sizes</h2>', '<h1>Sizes</h1>'))).toEqual(['h1_multiple']);
  });
});

describe('canonicalProblem', () => {
  const links = (html: string) => analyzeHtml(html).links;
  const page = 'https://shop.example/tables';
  it('accepts none, or one absolute canonical', () => {
    expect(canonicalProblem(links('<title>x</title>'), page, page)).toBeNull();
    expect(canonicalProblem(links('<link rel="canonical" href="https://shop.example/t">'), page, page)).toBeNull();
  });
  it('refuses relative, conflicting, root-pointing and cross-language canonicals', () => {
    expect(canonicalProblem(links('<link rel="canonical" href="/tables">'), page, page)).toMatch(/not an absolute URL/);
    expect(canonicalProblem(links('<link rel="canonical" href="https://shop.example/a"><link rel="canonical" href="https://shop.example/b">'), page, page)).toMatch(/conflicting/);
    expect(canonicalProblem(links('<link rel="canonical" href="https://shop.example/">'), page, page)).toMatch(/home page/);
    const crossLanguage = '<link rel="canonical" href="https://shop.example/de"><link rel="alternate" hreflang="de" href="https://shop.example/de"><link rel="alternate" hreflang="en" href="https://shop.example/tables">';
    expect(canonicalProblem(links(crossLanguage), page, page)).toMatch(/hreflang/);
  });
  it('takes a canonical from the Link header', () => {
    expect(canonicalProblem(parseLinkHeader('</t>; rel="canonical"'), page, page)).toMatch(/not an absolute URL/);
  });
});

describe('hreflangProblems', () => {
  it('accepts known codes, regions and x-default with absolute addresses', () => {
    const links = analyzeHtml('<link rel="alternate" hreflang="de-AT" href="https://a.example/at"><link rel="alternate" hreflang="x-default" href="https://a.example/">').links;
    expect(hreflangProblems(links)).toEqual([]);
  });
  it('refuses unknown codes and relative addresses', () => {
    const links = analyzeHtml('<link rel="alternate" hreflang="english" href="https://a.example/en"><link rel="alternate" hreflang="fr" href="/fr">').links;
    expect(hreflangProblems(links).map((problem) => problem.reason)).toEqual(['unexpected language code', 'relative href']);
  });
});

describe('anchors', () => {
  const anchor = (html: string) => analyzeHtml(html).anchors[0]!;
  const page = 'https://shop.example/tables';
  it('knows which anchors cannot be crawled', () => {
    expect(isUncrawlableAnchor(anchor('<a href="javascript:void(0)">x</a>'), page)).toBe(true);
    expect(isUncrawlableAnchor(anchor('<a href="">x</a>'), page)).toBe(true);
    expect(isUncrawlableAnchor(anchor('<a href="file:///etc/passwd">x</a>'), page)).toBe(true);
    expect(isUncrawlableAnchor(anchor('<a onclick="go()">x</a>'), page)).toBe(true);
    expect(isUncrawlableAnchor(anchor('<a href="/ok">x</a>'), page)).toBe(false);
    expect(isUncrawlableAnchor(anchor('<a id="top"></a>'), page)).toBe(false);
    expect(isUncrawlableAnchor(anchor('<a href="mailto:a@b.example">x</a>'), page)).toBe(false);
    expect(isUncrawlableAnchor(anchor('<a role="button" href="javascript:void(0)">x</a>'), page)).toBe(false);
  });
  it('knows generic link text, but not on nofollow, same-page or mailto links', () => {
    expect(isGenericLinkText(anchor('<a href="/more">Click here</a>'), page, page)).toBe(true);
    expect(isGenericLinkText(anchor('<a href="/more" rel="nofollow">Click here</a>'), page, page)).toBe(false);
    expect(isGenericLinkText(anchor('<a href="#top">more</a>'), page, page)).toBe(false);
    expect(isGenericLinkText(anchor('<a href="mailto:a@b.example">here</a>'), page, page)).toBe(false);
    expect(isGenericLinkText(anchor('<a href="/chairs">Our chairs</a>'), page, page)).toBe(false);
  });
});

describe('structuredDataProblem', () => {
  it('accepts objects with @context and @type, lists and graphs', () => {
    expect(structuredDataProblem(['{"@context":"https://schema.org","@type":"Thing"}', '[{"@type":"A"}]', '{"@context":"x","@graph":[]}'])).toBeNull();
  });
  it('names JSON that does not parse or lacks @context/@type', () => {
    expect(structuredDataProblem(['{"@context": "x",}'])).toMatch(/^block 1: /);
    expect(structuredDataProblem(['{"@type":"Thing"}'])).toBe('block 1: no @context');
    expect(structuredDataProblem(['{"@context":"x"}'])).toBe('block 1: no @type');
  });
});

/**
 * Every check of an SEO audit, once: its severity (what the health score and the order of issues weigh), its name,
 * why it matters and how to fix it. The crawler (server/src/modules/seo) writes the check's id and severity into each
 * issue it finds; the SEO Toolkit shows the words. `lighthouse` names the audit of Lighthouse's SEO category that makes
 * the same verdict (scripts/seo-lighthouse-agreement.ts compares them). How the score is made:
 * docs/decisions/0018-seo-audits.md.
 */

export const SEO_SEVERITIES = ['critical', 'error', 'warning', 'notice'] as const;
export type SeoSeverity = (typeof SEO_SEVERITIES)[number];

/** Weight of a failed check in a page's score (critical: the page scores 0) and in the order of issues. */
export const SEVERITY_WEIGHT: Record<SeoSeverity, number> = { critical: 10, error: 3, warning: 1, notice: 0.25 };

export const SEVERITY_LABEL: Record<SeoSeverity, string> = { critical: 'Critical', error: 'Error', warning: 'Warning', notice: 'Notice' };

export type SeoCheckScope = 'page' | 'site';

export interface SeoCheck {
  severity: SeoSeverity;
  scope: SeoCheckScope;
  title: string;
  why: string;
  fix: string;
  /** The Lighthouse SEO audit with the same verdict, if any. */
  lighthouse?: string;
}

/** Limits the length checks use (characters): what search results commonly show. */
export const SEO_LIMITS = {
  titleMax: 60,
  titleMin: 10,
  descriptionMax: 160,
  descriptionMin: 50,
  /** HTML of one page, decoded (bytes). */
  heavyPageBytes: 512 * 1024,
  /** A page answered slower than this (ms, redirects included). */
  slowResponseMs: 2_000,
  /** Smaller HTML is not worth compressing. */
  compressFromBytes: 1_024,
} as const;

const check = (severity: SeoSeverity, scope: SeoCheckScope, title: string, why: string, fix: string, lighthouse?: string): SeoCheck => ({
  severity,
  scope,
  title,
  why,
  fix,
  lighthouse,
});

export const SEO_CHECKS = {
  // Fetching and indexing
  http_error: check(
    'error',
    'page',
    'Page answers with an error status',
    'Search engines drop pages that answer 4xx or 5xx, and visitors who follow a link to them leave.',
    'Restore the page, redirect its address to the page that replaced it (301), or remove the links to it.',
    'http-status-code',
  ),
  fetch_failed: check(
    'error',
    'page',
    'Page could not be loaded',
    'A page that times out, is too large or refuses the connection cannot be indexed.',
    'Check that the server answers the address quickly, with a page under 5 MB.',
  ),
  not_indexable: check(
    'critical',
    'page',
    'Page is blocked from indexing',
    'A noindex directive (robots meta tag or X-Robots-Tag header) or a robots.txt rule keeps the page out of search results.',
    'Remove the noindex directive or the robots.txt rule if the page should be found; otherwise keep it out of the sitemap.',
    'is-crawlable',
  ),
  redirect_chain: check(
    'warning',
    'page',
    'Redirect chain',
    'Each extra hop slows visitors down and search engines may stop following long chains.',
    'Point links and the first redirect straight at the final address.',
  ),
  // Title and description
  title_missing: check(
    'error',
    'page',
    'Title is missing',
    'The title is the headline of the search result and what a browser tab shows.',
    'Add a <title> that says what the page is about in a few words.',
    'document-title',
  ),
  title_too_long: check('warning', 'page', 'Title is too long', 'Search results cut titles after about 60 characters.', 'Shorten the title to 60 characters or fewer, most important words first.'),
  title_too_short: check('notice', 'page', 'Title is very short', 'A title of a word or two says little about the page.', 'Write a title of 10 to 60 characters that describes the page.'),
  title_duplicate: check(
    'warning',
    'page',
    'Title is shared with other pages',
    'Pages with the same title compete with each other and look alike in search results.',
    'Give every page a title of its own.',
  ),
  description_missing: check(
    'warning',
    'page',
    'Meta description is missing',
    'Search engines show the meta description under the title; without one they pick a snippet themselves.',
    'Add <meta name="description" content="…"> summing up the page in one or two sentences.',
    'meta-description',
  ),
  description_too_long: check('notice', 'page', 'Meta description is too long', 'Search results cut descriptions after about 160 characters.', 'Shorten the description to 160 characters or fewer.'),
  description_too_short: check('notice', 'page', 'Meta description is very short', 'A short description wastes the room a search result gives the page.', 'Write a description of 50 to 160 characters.'),
  description_duplicate: check(
    'warning',
    'page',
    'Meta description is shared with other pages',
    'The same description on several pages tells searchers nothing about which one to open.',
    'Write a description for each page.',
  ),
  // Canonical, robots, hreflang
  canonical_invalid: check(
    'warning',
    'page',
    'Canonical link is not valid',
    'A canonical link that is relative, malformed, conflicting or points at the home page from another page confuses which address search engines show.',
    'Give the page one absolute <link rel="canonical"> to its own preferred address.',
    'canonical',
  ),
  canonical_target_error: check(
    'warning',
    'page',
    'Canonical link points at a page that does not work',
    'Search engines ignore a canonical address that answers an error or redirects.',
    'Point the canonical link at an address that answers 200.',
  ),
  robots_nofollow: check('notice', 'page', 'Links of the page are not followed', 'A nofollow robots directive tells search engines not to follow any link of the page.', 'Remove nofollow from the robots meta tag unless it is intended.'),
  hreflang_invalid: check(
    'warning',
    'page',
    'hreflang is not valid',
    'An unknown language code or a relative address makes search engines ignore the language alternates.',
    'Use language codes such as en or de-AT (or x-default) and absolute addresses in hreflang links.',
    'hreflang',
  ),
  hreflang_no_return: check(
    'warning',
    'page',
    'hreflang alternate does not link back',
    'Language alternates count only when each page names the other: one-way hreflang links are ignored.',
    'Add the return hreflang link on the alternate page.',
  ),
  // Content
  h1_missing: check('warning', 'page', 'No main heading (h1)', 'The main heading tells readers and search engines what the page is about.', 'Add one <h1> with the page’s topic.'),
  h1_multiple: check('notice', 'page', 'Several h1 headings', 'More than one main heading blurs what the page is about.', 'Keep one <h1>; make the others h2.'),
  heading_skipped: check('notice', 'page', 'Heading levels skipped', 'Jumping from h1 to h3 breaks the outline screen readers and search engines read.', 'Use heading levels in order without gaps.'),
  image_alt_missing: check(
    'warning',
    'page',
    'Images without alt text',
    'Search engines and screen readers understand an image through its alt text.',
    'Give every meaningful image an alt attribute describing it; decorative images get alt="".',
    'image-alt',
  ),
  structured_data_invalid: check(
    'warning',
    'page',
    'Structured data does not parse',
    'JSON-LD that is not valid JSON, or has no @context or @type, is ignored: no rich results.',
    'Fix the JSON in the <script type="application/ld+json"> block and give it @context and @type.',
  ),
  open_graph_missing: check('notice', 'page', 'Open Graph tags missing', 'Shared links show a title, text and image only when og:title, og:description and og:image are set.', 'Add og:title, og:description and og:image meta tags.'),
  twitter_card_missing: check('notice', 'page', 'Twitter card missing', 'Without twitter:card, links shared on X show as plain links.', 'Add <meta name="twitter:card" content="summary_large_image">.'),
  lang_missing: check('warning', 'page', 'Page language is missing or not valid', 'The lang attribute tells search engines and screen readers which language the page is in.', 'Set <html lang="…"> with a language code such as en.'),
  viewport_missing: check('warning', 'page', 'No mobile viewport', 'Without a viewport meta tag, phones show the desktop layout zoomed out; search ranks mobile-friendly pages first.', 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.'),
  // Links
  link_text_generic: check(
    'warning',
    'page',
    'Links without descriptive text',
    'Link text such as “click here” or “read more” tells search engines nothing about the page it leads to.',
    'Use the destination’s topic as the link text.',
    'link-text',
  ),
  anchors_not_crawlable: check(
    'warning',
    'page',
    'Links search engines cannot follow',
    'Links without a real href (javascript:, an empty or invalid address) cannot be crawled.',
    'Give every link an href with a real address; use buttons for actions.',
    'crawlable-anchors',
  ),
  broken_internal_link: check('error', 'page', 'Broken internal links', 'Links to pages of the site that answer an error waste visitors and crawl budget.', 'Fix the address of each broken link or remove it.'),
  broken_external_link: check('warning', 'page', 'Broken external links', 'Links to other sites that fail look neglected to visitors and search engines.', 'Update or remove the links to addresses that no longer work.'),
  internal_nofollow: check('notice', 'page', 'Internal links marked nofollow', 'nofollow on links to your own pages keeps search engines from following them.', 'Remove rel="nofollow" from links to your own pages.'),
  // Performance of the document
  no_compression: check('warning', 'page', 'HTML is not compressed', 'Uncompressed HTML takes longer to download, especially on phones.', 'Turn on gzip or brotli compression for HTML on the server.'),
  no_caching: check('notice', 'page', 'No caching headers', 'Without Cache-Control, ETag or Last-Modified, browsers and crawlers download the page again every time.', 'Send Cache-Control (and an ETag or Last-Modified) with the page.'),
  page_too_heavy: check('warning', 'page', 'Page is heavy', 'Over 512 KB of HTML is slow to download and parse.', 'Trim inline scripts, styles and data from the HTML.'),
  slow_response: check('notice', 'page', 'Slow response', 'The page took more than 2 seconds to arrive; slow pages rank and convert worse.', 'Cache the page or speed up the server that builds it.'),
  // Site level
  robots_txt_invalid: check(
    'error',
    'site',
    'robots.txt is not valid',
    'A robots.txt that cannot be read (server error) or has malformed lines may stop search engines from crawling the site as intended.',
    'Make /robots.txt answer 200 with valid User-agent, Allow, Disallow and Sitemap lines.',
    'robots-txt',
  ),
  robots_txt_missing: check('notice', 'site', 'No robots.txt', 'Without robots.txt search engines crawl everything and find no sitemap address there.', 'Add /robots.txt, with a Sitemap: line naming your sitemap.'),
  sitemap_missing: check('warning', 'site', 'No sitemap', 'A sitemap lists the pages you want found, so new and deep pages are discovered sooner.', 'Publish /sitemap.xml and name it in robots.txt.'),
  sitemap_invalid: check('error', 'site', 'Sitemap is not valid', 'A sitemap that is not valid XML, has no urlset or lists other hosts’ pages is ignored in part or whole.', 'Serve a urlset (or sitemapindex) of absolute addresses of this host, as sitemaps.org describes.'),
  sitemap_url_not_ok: check(
    'warning',
    'page',
    'Sitemap lists a page that does not work',
    'Pages in the sitemap should answer 200 and be indexable; errors, redirects and noindex pages waste crawling.',
    'Remove the address from the sitemap or fix the page.',
  ),
  orphan_page: check('warning', 'page', 'Orphan page', 'The page is in the sitemap but no page of the site links to it, so visitors cannot reach it and search engines rate it low.', 'Link to the page from related pages or the navigation.'),
  not_in_sitemap: check('notice', 'page', 'Page missing from the sitemap', 'An indexable page that the sitemap does not list may be found later or not at all.', 'Add the page to the sitemap.'),
} as const satisfies Record<string, SeoCheck>;

export type SeoCheckId = keyof typeof SEO_CHECKS;

export const SEO_CHECK_IDS = Object.keys(SEO_CHECKS) as SeoCheckId[];

export function isSeoCheckId(value: string): value is SeoCheckId {
  return Object.hasOwn(SEO_CHECKS, value);
}

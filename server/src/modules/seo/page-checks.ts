import { SEO_LIMITS, type SeoCheckId } from '../../../../src/config/seo-checks';
import { isKnownLanguage } from './language-codes';
import { parseLinkHeader, type AnchorFact, type LinkFact, type PageFacts } from './page-analysis';
import { hasNofollowDirective, indexingVerdict } from './robots-directives';
import type { Robot } from './robots-txt';

/** One problem found on a page: the check and what exactly (shown with the issue, kept small). */
export interface Finding {
  check: SeoCheckId;
  detail: Record<string, unknown>;
}

/** The answer the page came with, as the crawler recorded it. */
export interface PageResponse {
  /** The address crawled (before redirects). */
  url: string;
  /** The address that answered. */
  finalUrl: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  redirects: { status: number; location: string }[];
  durationMs: number;
  /** Decoded body bytes. */
  bytes: number;
}

export function headerValues(headers: PageResponse['headers'], name: string): string[] {
  const value = headers[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function isHtml(headers: PageResponse['headers']): boolean {
  const type = headerValues(headers, 'content-type')[0] ?? '';
  return type === '' || /^(text\/html|application\/xhtml\+xml)/i.test(type.trim());
}

/** Link text that says nothing about its destination (English, German, French, Spanish, Portuguese, Dutch). */
const GENERIC_LINK_TEXT = new Set([
  'click here', 'click this', 'go', 'here', 'information', 'learn more', 'more', 'more info', 'more information',
  'right here', 'read more', 'see more', 'start', 'this', 'link', 'this link', 'continue', 'continue reading',
  'hier', 'hier klicken', 'mehr', 'weiterlesen', 'mehr erfahren', 'ici', 'cliquez ici', 'plus', 'en savoir plus',
  'lire la suite', 'aquí', 'aqui', 'click aquí', 'click aqui', 'más', 'mas', 'más información', 'leer más',
  'clique aqui', 'mais', 'saiba mais', 'leia mais', 'klik hier', 'meer', 'lees meer',
]);

const MAX_LISTED = 10;

/** The page's base for relative addresses: <base href> resolved against the page, else the page. */
export function baseUrlOf(facts: PageFacts, pageUrl: string): string {
  if (facts.baseHref) {
    try {
      return new URL(facts.baseHref, pageUrl).href;
    } catch {
      return pageUrl;
    }
  }
  return pageUrl;
}

function resolve(href: string, base: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

function isAbsoluteUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

const withoutFragment = (url: URL) => url.href.replace(/#.*$/, '');

/** Every link element of the page, the `Link:` headers' included. */
export function allLinkElements(facts: PageFacts, headers: PageResponse['headers']): LinkFact[] {
  return [...facts.links, ...headerValues(headers, 'link').flatMap(parseLinkHeader)];
}

/** Lighthouse's canonical audit: one valid absolute canonical, not the root from another page, not across languages. */
export function canonicalProblem(links: readonly LinkFact[], base: string, pageUrl: string): string | null {
  const canonicals = new Set<string>();
  const hreflangUrls = new Set<string>();
  for (const link of links) {
    if (link.source === 'body') continue;
    const rels = link.rel.split(/\s+/);
    if (rels.includes('canonical')) {
      if (!link.hrefRaw) continue;
      const url = resolve(link.hrefRaw, base);
      if (!url) return `invalid URL (${link.hrefRaw})`;
      if (!isAbsoluteUrl(link.hrefRaw)) return `not an absolute URL (${link.hrefRaw})`;
      canonicals.add(url.href);
    } else if (rels.includes('alternate') && link.hreflang && link.hrefRaw) {
      const url = resolve(link.hrefRaw, base);
      if (url) hreflangUrls.add(url.href);
    }
  }
  if (canonicals.size === 0) return null;
  if (canonicals.size > 1) return `several conflicting URLs (${[...canonicals].slice(0, 3).join(', ')})`;
  const canonical = new URL([...canonicals][0]!);
  const page = new URL(pageUrl);
  if (hreflangUrls.has(page.href) && hreflangUrls.has(canonical.href) && page.href !== canonical.href) return `points to another hreflang location (${canonical.href})`;
  if (canonical.origin === page.origin && canonical.pathname === '/' && page.pathname !== '/') return 'points to the home page instead of an equivalent page';
  return null;
}

/** The canonical address the page declares (first valid one), for site-level checks. */
export function declaredCanonical(links: readonly LinkFact[], base: string): string | null {
  for (const link of links) {
    if (link.source === 'body' || !link.rel.split(/\s+/).includes('canonical') || !link.hrefRaw) continue;
    const url = resolve(link.hrefRaw, base);
    if (url) return url.href;
  }
  return null;
}

/** Lighthouse's hreflang audit: every alternate names a known language (or x-default) and an absolute http(s) address. */
export function hreflangProblems(links: readonly LinkFact[]): { hreflang: string; href: string; reason: string }[] {
  const problems: { hreflang: string; href: string; reason: string }[] = [];
  for (const link of links) {
    if (link.source === 'body' || !link.rel.split(/\s+/).includes('alternate') || !link.hreflang) continue;
    const href = link.hrefRaw ?? '';
    const reasons: string[] = [];
    const code = link.hreflang.trim();
    if (code.toLowerCase() !== 'x-default' && !isKnownLanguage(code.split('-')[0]!)) reasons.push('unexpected language code');
    if (!/^https?:/i.test(href)) reasons.push('relative href');
    if (reasons.length > 0) problems.push({ hreflang: code, href, reason: reasons.join(', ') });
  }
  return problems;
}

/** Lighthouse's crawlable-anchors audit, on the attributes (listeners added by scripts cannot be seen here). */
export function isUncrawlableAnchor(anchor: AnchorFact, pageUrl: string): boolean {
  const rawHref = (anchor.rawHref ?? '').replace(/\s/g, '');
  if (anchor.role.trim().length > 0) return false;
  if (rawHref.startsWith('mailto:')) return false;
  if (rawHref === '' && anchor.id) return false;
  if (rawHref.startsWith('file:')) return true;
  if (anchor.name.trim().length > 0) return false;
  if (anchor.rawHref === null && !anchor.hasHrefAttributes) return anchor.hasListener;
  if (anchor.rawHref !== null && anchor.rawHref.trim() === '') return true;
  if (/javascript:void(\(|)0(\)|)/.test(rawHref)) return true;
  return resolve(rawHref, pageUrl) === null;
}

/** Lighthouse's link-text audit: followed links to another page whose whole text is generic. */
export function isGenericLinkText(anchor: AnchorFact, base: string, pageUrl: string): boolean {
  if (anchor.rawHref === null || anchor.rel.split(/\s+/).includes('nofollow')) return false;
  const url = resolve(anchor.rawHref, base);
  if (!url) return false;
  if (url.protocol === 'javascript:' || url.protocol === 'mailto:') return false;
  if (withoutFragment(url) === pageUrl.replace(/#.*$/, '')) return false;
  return GENERIC_LINK_TEXT.has(anchor.text.trim().toLowerCase());
}

/** Whether JSON-LD parses into objects with @context and @type (every item of a list or @graph). */
export function structuredDataProblem(blocks: readonly string[]): string | null {
  for (const [index, block] of blocks.entries()) {
    let data: unknown;
    try {
      data = JSON.parse(block);
    } catch (error) {
      return `block ${index + 1}: ${(error as Error).message.slice(0, 120)}`;
    }
    const items = Array.isArray(data) ? data : [data];
    for (const item of items) {
      if (typeof item !== 'object' || item === null) return `block ${index + 1}: not an object`;
      const record = item as Record<string, unknown>;
      if (!('@context' in record) && !Array.isArray(data)) return `block ${index + 1}: no @context`;
      if (!('@type' in record) && !('@graph' in record)) return `block ${index + 1}: no @type`;
    }
  }
  return null;
}

function metaContent(facts: PageFacts, key: string): string | null {
  const meta = facts.metas.find((entry) => entry.name === key || entry.property === key);
  return meta ? meta.content : null;
}

/** Checks of the document's text, head and links. */
function contentFindings(facts: PageFacts, base: string, pageUrl: string, headers: PageResponse['headers']): Finding[] {
  const findings: Finding[] = [];
  const add = (check: SeoCheckId, detail: Record<string, unknown> = {}) => findings.push({ check, detail });
  const title = facts.title?.trim() ?? '';
  if (title === '') add('title_missing');
  else if (title.length > SEO_LIMITS.titleMax) add('title_too_long', { length: title.length, title });
  else if (title.length < SEO_LIMITS.titleMin) add('title_too_short', { length: title.length, title });
  const description = facts.metas.find((meta) => meta.name === 'description');
  const descriptionText = description?.content.trim() ?? '';
  if (descriptionText === '') add('description_missing');
  else if (descriptionText.length > SEO_LIMITS.descriptionMax) add('description_too_long', { length: descriptionText.length });
  else if (descriptionText.length < SEO_LIMITS.descriptionMin) add('description_too_short', { length: descriptionText.length });
  const links = allLinkElements(facts, headers);
  const canonical = canonicalProblem(links, base, pageUrl);
  if (canonical) add('canonical_invalid', { reason: canonical });
  const hreflang = hreflangProblems(links);
  if (hreflang.length > 0) add('hreflang_invalid', { links: hreflang.slice(0, MAX_LISTED) });
  const h1 = facts.headings.filter((entry) => entry.level === 1);
  if (h1.length === 0) add('h1_missing');
  else if (h1.length > 1) add('h1_multiple', { count: h1.length });
  const skipped = facts.headings.find((entry, index) => index > 0 && entry.level > facts.headings[index - 1]!.level + 1);
  if (skipped) add('heading_skipped', { heading: `h${skipped.level}`, text: skipped.text.slice(0, 120) });
  const noAlt = facts.images.filter((image) => !image.hasTextAlternative);
  if (noAlt.length > 0) add('image_alt_missing', { count: noAlt.length, images: noAlt.slice(0, MAX_LISTED).map((image) => image.src.slice(0, 300)) });
  const structured = structuredDataProblem(facts.jsonLd);
  if (structured) add('structured_data_invalid', { reason: structured });
  const og = ['og:title', 'og:description', 'og:image'].filter((key) => !metaContent(facts, key)?.trim());
  if (og.length > 0) add('open_graph_missing', { missing: og });
  if (!metaContent(facts, 'twitter:card')?.trim()) add('twitter_card_missing');
  const lang = facts.lang?.trim() ?? '';
  if (lang === '' || !isKnownLanguage(lang.split('-')[0]!)) add('lang_missing', lang ? { lang } : {});
  const viewport = metaContent(facts, 'viewport') ?? '';
  if (!/width\s*=|initial-scale\s*=/i.test(viewport)) add('viewport_missing');
  const generic = facts.anchors.filter((anchor) => isGenericLinkText(anchor, base, pageUrl));
  if (generic.length > 0) add('link_text_generic', { count: generic.length, links: generic.slice(0, MAX_LISTED).map((anchor) => ({ text: anchor.text, href: anchor.rawHref })) });
  const uncrawlable = facts.anchors.filter((anchor) => isUncrawlableAnchor(anchor, base));
  if (uncrawlable.length > 0) add('anchors_not_crawlable', { count: uncrawlable.length, hrefs: uncrawlable.slice(0, MAX_LISTED).map((anchor) => anchor.rawHref) });
  return findings;
}

/** Checks of how the document was delivered. */
function deliveryFindings(response: PageResponse): Finding[] {
  const findings: Finding[] = [];
  const encoding = (headerValues(response.headers, 'content-encoding')[0] ?? '').trim().toLowerCase();
  if ((encoding === '' || encoding === 'identity') && response.bytes >= SEO_LIMITS.compressFromBytes) findings.push({ check: 'no_compression', detail: { bytes: response.bytes } });
  const caching = ['cache-control', 'etag', 'last-modified'].some((name) => headerValues(response.headers, name).length > 0);
  if (!caching) findings.push({ check: 'no_caching', detail: {} });
  if (response.bytes > SEO_LIMITS.heavyPageBytes) findings.push({ check: 'page_too_heavy', detail: { bytes: response.bytes } });
  if (response.durationMs > SEO_LIMITS.slowResponseMs) findings.push({ check: 'slow_response', detail: { ms: response.durationMs } });
  return findings;
}

/**
 * Every check one page allows on its own. `facts` is null for an answer that is not HTML or not a success: only the
 * status and the redirects are judged then. Checks across pages (duplicates, broken links, sitemaps) are
 * site-checks.ts'.
 */
export function checkPage(response: PageResponse, facts: PageFacts | null, robots: Robot | null, now = Date.now()): Finding[] {
  const findings: Finding[] = [];
  if (response.redirects.length >= 2) findings.push({ check: 'redirect_chain', detail: { hops: response.redirects } });
  if (response.status >= 400) {
    findings.push({ check: 'http_error', detail: { status: response.status } });
    return findings;
  }
  if (!facts) return findings;
  const robotsHeaders = headerValues(response.headers, 'x-robots-tag');
  const verdict = indexingVerdict({ url: response.finalUrl, metas: facts.metas, robotsHeaders, robots, now });
  if (verdict.blocked) findings.push({ check: 'not_indexable', detail: { sources: verdict.sources } });
  const robotsMeta = facts.metas.find((meta) => meta.name === 'robots')?.content ?? '';
  if (hasNofollowDirective(robotsMeta) || robotsHeaders.some(hasNofollowDirective)) findings.push({ check: 'robots_nofollow', detail: {} });
  const base = baseUrlOf(facts, response.finalUrl);
  findings.push(...contentFindings(facts, base, response.finalUrl, response.headers), ...deliveryFindings(response));
  return findings;
}

/** Whether the page may be indexed (for sitemaps and duplicates): a 2xx HTML page not blocked. */
export function isIndexable(findings: readonly Finding[], status: number): boolean {
  return status >= 200 && status < 300 && !findings.some((finding) => finding.check === 'not_indexable');
}

import type { SeoCheckId } from '../../../../src/config/seo-checks';
import type { CrawledPage, SiteFinding } from './crawled-page';
import { robotsTxtProblem, type RobotsTxtReport } from './robots-txt';

/** What the crawler learned of a sitemap file. */
export interface SitemapReport {
  url: string;
  status: number | null;
  kind: 'urlset' | 'sitemapindex' | 'text' | null;
  urlCount: number;
  errors: string[];
  /** Named in robots.txt (else the default /sitemap.xml was tried). */
  declared: boolean;
}

/** An external link's answer: a status, or why there was none. */
export type ExternalStatus = { status: number } | { error: string };

const MAX_LISTED = 10;

function addFinding(page: CrawledPage, check: SeoCheckId, detail: Record<string, unknown>) {
  page.findings.push({ check, detail });
}

/** Counts, for every crawled page, the other pages of the site linking to it (by the address crawled or reached). */
export function countInlinks(pages: readonly CrawledPage[]): void {
  const byUrl = new Map<string, CrawledPage>();
  for (const page of pages) {
    byUrl.set(page.url, page);
    if (!byUrl.has(page.finalUrl)) byUrl.set(page.finalUrl, page);
  }
  const sources = new Map<CrawledPage, Set<string>>();
  for (const page of pages) {
    for (const link of page.internalLinks) {
      const target = byUrl.get(link);
      if (!target || target === page) continue;
      const set = sources.get(target) ?? new Set<string>();
      set.add(page.url);
      sources.set(target, set);
    }
  }
  for (const page of pages) page.inlinks = sources.get(page)?.size ?? 0;
}

function duplicates(pages: readonly CrawledPage[], field: 'title' | 'description', check: SeoCheckId) {
  const groups = new Map<string, CrawledPage[]>();
  for (const page of pages) {
    const value = page[field]?.trim();
    if (!page.indexable || !value) continue;
    const key = value.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), page]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const page of group) {
      addFinding(page, check, { count: group.length, others: group.filter((other) => other !== page).slice(0, MAX_LISTED).map((other) => other.url) });
    }
  }
}

function brokenLinks(pages: readonly CrawledPage[], external: ReadonlyMap<string, ExternalStatus>) {
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  for (const page of pages) {
    const broken = page.internalLinks
      .map((href) => ({ href, target: byUrl.get(href) }))
      .filter(({ target }) => target && target.fetchError !== 'blocked by robots.txt' && (target.status === null || target.status >= 400))
      .map(({ href, target }) => ({ href, status: target!.status, error: target!.fetchError }));
    if (broken.length > 0) addFinding(page, 'broken_internal_link', { count: broken.length, links: broken.slice(0, MAX_LISTED) });
    const badExternal = page.externalLinks
      .map((href) => ({ href, answer: external.get(href) }))
      .filter(({ answer }) => answer && ('error' in answer || answer.status >= 400))
      .map(({ href, answer }) => ({ href, ...answer }));
    if (badExternal.length > 0) addFinding(page, 'broken_external_link', { count: badExternal.length, links: badExternal.slice(0, MAX_LISTED) });
  }
}

function canonicalTargets(pages: readonly CrawledPage[]) {
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  for (const page of pages) {
    if (!page.canonical || page.canonical === page.url || page.canonical === page.finalUrl) continue;
    const target = byUrl.get(page.canonical);
    if (target && (target.status === null || target.status >= 300 || target.redirects.length > 0)) {
      addFinding(page, 'canonical_target_error', { canonical: page.canonical, status: target.status, redirected: target.redirects.length > 0 });
    }
  }
}

function hreflangReturns(pages: readonly CrawledPage[]) {
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  for (const page of pages) {
    const missing = page.hreflang.filter(({ href }) => {
      if (href === page.url || href === page.finalUrl) return false;
      const target = byUrl.get(href);
      if (!target || target.status !== 200) return false;
      return !target.hreflang.some((back) => back.href === page.url || back.href === page.finalUrl);
    });
    if (missing.length > 0) addFinding(page, 'hreflang_no_return', { alternates: missing.slice(0, MAX_LISTED) });
  }
}

function sitemapCoverage(pages: readonly CrawledPage[], hasSitemap: boolean, startUrl: string) {
  for (const page of pages) {
    if (page.inSitemap) {
      const reason =
        page.status === null ? page.fetchError ?? 'no answer'
        : page.status >= 400 ? `answers HTTP ${page.status}`
        : page.redirects.length > 0 ? `redirects to ${page.finalUrl}`
        : !page.indexable ? 'blocked from indexing'
        : null;
      if (reason) addFinding(page, 'sitemap_url_not_ok', { reason });
      else if (page.inlinks === 0 && page.url !== startUrl) addFinding(page, 'orphan_page', {});
    } else if (hasSitemap && page.indexable && page.status === 200 && page.redirects.length === 0) {
      addFinding(page, 'not_in_sitemap', {});
    }
  }
}

/** robots.txt's and the sitemaps' own problems. */
export function siteFindings(robots: RobotsTxtReport, sitemaps: readonly SitemapReport[]): SiteFinding[] {
  const findings: SiteFinding[] = [];
  const robotsProblem = robotsTxtProblem(robots);
  if (robotsProblem) findings.push({ check: 'robots_txt_invalid', url: robots.url, detail: { reason: robotsProblem, errors: robots.errors.slice(0, MAX_LISTED) } });
  else if (robots.status !== null && robots.status >= 400) findings.push({ check: 'robots_txt_missing', url: robots.url, detail: { status: robots.status } });
  const usable = sitemaps.filter((sitemap) => sitemap.status !== null && sitemap.status < 400);
  if (usable.length === 0) {
    const declared = sitemaps.filter((sitemap) => sitemap.declared);
    if (declared.length === 0) findings.push({ check: 'sitemap_missing', url: sitemaps[0]?.url ?? robots.url, detail: {} });
  }
  for (const sitemap of sitemaps) {
    if (sitemap.status === null || sitemap.status >= 400) {
      if (sitemap.declared) findings.push({ check: 'sitemap_invalid', url: sitemap.url, detail: { reason: sitemap.status === null ? sitemap.errors[0] ?? 'no answer' : `answers HTTP ${sitemap.status}` } });
    } else if (sitemap.errors.length > 0) {
      findings.push({ check: 'sitemap_invalid', url: sitemap.url, detail: { reason: sitemap.errors[0], errors: sitemap.errors.slice(0, MAX_LISTED) } });
    }
  }
  return findings;
}

/**
 * The checks that compare pages: inbound links, duplicate titles and descriptions, broken internal and external
 * links, canonical targets, hreflang return links, and sitemap coverage (listed pages that fail, orphans, pages
 * missing from it). Adds their findings to the pages.
 */
export function checkAcrossPages(pages: readonly CrawledPage[], options: { external: ReadonlyMap<string, ExternalStatus>; hasSitemap: boolean; startUrl: string }): void {
  countInlinks(pages);
  duplicates(pages, 'title', 'title_duplicate');
  duplicates(pages, 'description', 'description_duplicate');
  brokenLinks(pages, options.external);
  canonicalTargets(pages);
  hreflangReturns(pages);
  sitemapCoverage(pages, options.hasSitemap, options.startUrl);
}

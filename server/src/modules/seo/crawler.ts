import { setTimeout as sleep } from 'node:timers/promises';
import type { CrawledPage, FoundVia, SiteFinding } from './crawled-page';
import { normaliseUrl } from './crawled-page';
import { describeFetchError, fetchPage, PageFetchError, type CrawlFetcher } from './fetch-page';
import { healthScore } from './health-score';
import { analyzeHtml } from './page-analysis';
import { allLinkElements, baseUrlOf, checkPage, declaredCanonical, headerValues, isHtml, isIndexable, type PageResponse } from './page-checks';
import { mayCrawl } from './robots-directives';
import type { RobotsTxtReport } from './robots-txt';
import { checkAcrossPages, siteFindings, type ExternalStatus, type SitemapReport } from './site-checks';
import { checkExternalLinks, readRobotsTxt, readSitemaps } from './site-files';

export const CRAWLER_USER_AGENT = 'BeyondBrochuresSEO/1.0 (+site audit)';
export const CRAWLER_AGENT_TOKEN = 'BeyondBrochuresSEO';

export interface CrawlOptions {
  startUrl: string;
  pageLimit: number;
  /** Politeness delay between two requests to the site (robots.txt's Crawl-delay wins when longer). */
  delayMs: number;
  /** Requests at once when there is no delay (with a delay, one at a time). */
  concurrency?: number;
  /** Per response, decoded (default 5 MB). */
  maxBytes?: number;
  /** Per request, redirects included (default 10 s). */
  timeoutMs?: number;
  /** The whole crawl (default 30 minutes): what is crawled by then is the audit. */
  maxDurationMs?: number;
  /** External links checked at most (distinct addresses). */
  maxExternalLinks?: number;
  /** Called about once a second: pages done and known; answering true stops the crawl (cancelled). */
  onProgress?(progress: { crawled: number; discovered: number }): Promise<boolean | void>;
  signal?: AbortSignal;
}

export interface CrawlResult {
  startUrl: string;
  pages: CrawledPage[];
  siteFindings: SiteFinding[];
  robots: Pick<RobotsTxtReport, 'url' | 'status' | 'errors' | 'sitemaps' | 'fetchError'>;
  sitemaps: SitemapReport[];
  /** Why the crawl stopped before every known page was crawled. */
  truncated: 'pages' | 'time' | null;
  cancelled: boolean;
  healthScore: number;
}

const MAX_CRAWL_DELAY_MS = 10_000;

/** A crawl from the start page and the sitemaps, bounded in pages and time, polite, same origin only. */
export async function crawlSite(fetcher: CrawlFetcher, options: CrawlOptions): Promise<CrawlResult> {
  const started = Date.now();
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxDurationMs = options.maxDurationMs ?? 30 * 60_000;
  const given = normaliseUrl(options.startUrl);
  if (!given) throw new PageFetchError('invalid_url', 'the start address is not an http(s) URL');
  const base = { maxBytes, timeoutMs, userAgent: CRAWLER_USER_AGENT, signal: options.signal };
  let delayMs = Math.min(MAX_CRAWL_DELAY_MS, Math.max(0, options.delayMs));
  const site = politeFetcher(fetcher, () => delayMs, options.signal);
  const start = await resolveStart(site, given, base);
  const origin = new URL(start).origin;
  const fetchOptions = { ...base, origin };

  const robots = await readRobotsTxt(site, origin, fetchOptions);
  const robotsDelay = (robots.robots?.getCrawlDelay(CRAWLER_AGENT_TOKEN) ?? 0) * 1000;
  delayMs = Math.min(MAX_CRAWL_DELAY_MS, Math.max(delayMs, Number.isFinite(robotsDelay) ? robotsDelay : 0));
  const { reports: sitemaps, urls: sitemapUrls } = await readSitemaps(site, origin, robots.sitemaps, fetchOptions);

  const pages: CrawledPage[] = [];
  const seen = new Set<string>([start]);
  const linkQueue: { url: string; depth: number; via: FoundVia }[] = [{ url: start, depth: 0, via: 'start' }];
  const sitemapQueue = sitemapUrls.filter((url) => url !== start);
  let truncated: CrawlResult['truncated'] = null;
  let cancelled = false;
  let lastProgress = 0;
  let active = 0;

  const next = () => {
    const fromLinks = linkQueue.shift();
    if (fromLinks) return fromLinks;
    while (sitemapQueue.length > 0) {
      const url = sitemapQueue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      return { url, depth: 0, via: 'sitemap' as const };
    }
    return undefined;
  };

  const crawlOne = async (item: { url: string; depth: number; via: FoundVia }) => {
    if (!mayCrawl(robots.robots, item.url, CRAWLER_AGENT_TOKEN)) {
      pages.push(blockedPage(item, robots));
      return;
    }
    const page = await crawlPage(site, item, fetchOptions, robots);
    pages.push(page);
    for (const link of page.internalLinks) {
      if (seen.has(link)) continue;
      seen.add(link);
      linkQueue.push({ url: link, depth: item.depth + 1, via: 'link' });
    }
  };

  const worker = async () => {
    for (;;) {
      if (cancelled || truncated || options.signal?.aborted) return;
      if (pages.length + active >= options.pageLimit) {
        if (linkQueue.length > 0 || sitemapQueue.some((url) => !seen.has(url))) truncated = 'pages';
        return;
      }
      if (Date.now() - started > maxDurationMs) {
        truncated = 'time';
        return;
      }
      const item = next();
      if (!item) {
        if (active === 0) return;
        await sleep(20);
        continue;
      }
      active += 1;
      try {
        await crawlOne(item);
      } finally {
        active -= 1;
      }
      if (options.onProgress && Date.now() - lastProgress > 1000) {
        lastProgress = Date.now();
        if (await options.onProgress({ crawled: pages.length, discovered: seen.size })) cancelled = true;
      }
    }
  };
  const concurrency = delayMs > 0 ? 1 : Math.max(1, options.concurrency ?? 4);
  await Promise.all(Array.from({ length: concurrency }, worker));

  const inSitemap = new Set(sitemapUrls);
  for (const page of pages) page.inSitemap = inSitemap.has(page.url);
  const external = cancelled ? new Map<string, ExternalStatus>() : await checkExternalLinks(fetcher, pages, { max: options.maxExternalLinks ?? 100, userAgent: CRAWLER_USER_AGENT, signal: options.signal });
  checkAcrossPages(pages, { external, hasSitemap: sitemapUrls.length > 0, startUrl: start });
  const siteLevel = siteFindings(robots, sitemaps);
  return {
    startUrl: start,
    pages,
    siteFindings: siteLevel,
    robots: { url: robots.url, status: robots.status, errors: robots.errors, sitemaps: robots.sitemaps, fetchError: robots.fetchError },
    sitemaps,
    truncated,
    cancelled,
    healthScore: healthScore(pages.map((page) => page.findings.map((finding) => finding.check)), siteLevel.map((finding) => finding.check)),
  };
}

/** Every request to the site waits the politeness delay after the previous answer, whoever makes it. */
function politeFetcher(fetcher: CrawlFetcher, delayMs: () => number, signal?: AbortSignal): CrawlFetcher {
  // The pause runs from the end of one answer to the next request (with a delay, one request at a time), so the site
  // sees at least the delay between two requests however long each took to reach it.
  let lastAnswered = 0;
  return {
    async request(options) {
      const wait = lastAnswered + delayMs() - Date.now();
      if (wait > 0) await sleep(wait, undefined, { signal });
      try {
        return await fetcher.request(options);
      } finally {
        lastAnswered = Date.now();
      }
    },
  };
}

/**
 * The address the crawl starts from: the given one, or where it redirects when that is another origin (http → https,
 * example.com → www.example.com): the site is the origin that answers. A start page that cannot be loaded at all
 * (refused address, no such host, timeout) fails the audit with the reason.
 */
async function resolveStart(fetcher: CrawlFetcher, given: string, options: Omit<Parameters<typeof fetchPage>[2], 'origin'>): Promise<string> {
  let current = given;
  for (let moves = 0; moves < 3; moves += 1) {
    const answer = await fetchPage(fetcher, current, { ...options, origin: new URL(current).origin });
    if (!answer.leftSite) return current;
    current = normaliseUrl(answer.redirects.at(-1)!.location) ?? current;
  }
  return current;
}

function emptyPage(item: { url: string; depth: number; via: FoundVia }): CrawledPage {
  return {
    url: item.url, finalUrl: item.url, status: null, fetchError: null, redirects: [], contentType: null, bytes: 0, durationMs: 0,
    depth: item.depth, foundVia: item.via, inSitemap: false, inlinks: 0, title: null, description: null, h1: null, canonical: null,
    lang: null, indexable: false, hreflang: [], internalLinks: [], externalLinks: [], findings: [],
  };
}

/** A page robots.txt keeps the crawler from: not fetched, and blocked from indexing as search engines see it. */
function blockedPage(item: { url: string; depth: number; via: FoundVia }, robots: RobotsTxtReport): CrawledPage {
  const page = emptyPage(item);
  page.fetchError = 'blocked by robots.txt';
  const line = robots.robots?.getMatchingLineNumber(item.url, CRAWLER_AGENT_TOKEN);
  page.findings.push({ check: 'not_indexable', detail: { sources: [`robots.txt line ${line ?? '?'}`] } });
  return page;
}

async function crawlPage(fetcher: CrawlFetcher, item: { url: string; depth: number; via: FoundVia }, options: Parameters<typeof fetchPage>[2], robots: RobotsTxtReport): Promise<CrawledPage> {
  const page = emptyPage(item);
  let answer;
  try {
    answer = await fetchPage(fetcher, item.url, options);
  } catch (error) {
    const { code, message } = error instanceof PageFetchError ? error : describeFetchError(error);
    page.fetchError = message;
    page.redirects = error instanceof PageFetchError ? error.redirects : [];
    page.findings.push({ check: 'fetch_failed', detail: { code, message } });
    if (page.redirects.length >= 2) page.findings.push({ check: 'redirect_chain', detail: { hops: page.redirects } });
    return page;
  }
  page.status = answer.status;
  page.redirects = answer.redirects;
  if (answer.redirects.length > 0 && !answer.leftSite) {
    // An address that redirects within the site: its own record is the chain; the page it leads to is crawled (and
    // judged) at its own address.
    page.status = answer.redirects[0]!.status;
    page.finalUrl = answer.url;
    page.internalLinks = [answer.url];
    if (answer.redirects.length >= 2) page.findings.push({ check: 'redirect_chain', detail: { hops: answer.redirects } });
    return page;
  }
  page.finalUrl = answer.leftSite ? answer.redirects.at(-1)!.location : answer.url;
  page.contentType = headerValues(answer.headers, 'content-type')[0] ?? null;
  page.bytes = answer.body.length;
  page.durationMs = answer.durationMs;
  const response: PageResponse = { url: item.url, finalUrl: answer.url, status: answer.status, headers: answer.headers, redirects: answer.redirects, durationMs: answer.durationMs, bytes: answer.body.length };
  const isPage = !answer.leftSite && answer.status >= 200 && answer.status < 300 && isHtml(answer.headers);
  const facts = isPage ? analyzeHtml(answer.body.toString('utf8')) : null;
  page.findings = checkPage(response, facts, robots.robots);
  if (!facts) return page;
  const base = baseUrlOf(facts, answer.url);
  page.indexable = isIndexable(page.findings, answer.status);
  page.title = facts.title;
  page.description = facts.metas.find((meta) => meta.name === 'description')?.content.trim() ?? null;
  page.h1 = facts.headings.find((heading) => heading.level === 1)?.text ?? null;
  page.lang = facts.lang;
  const links = allLinkElements(facts, answer.headers);
  page.canonical = declaredCanonical(links, base);
  page.hreflang = links
    .filter((link) => link.source !== 'body' && link.rel.split(/\s+/).includes('alternate') && link.hreflang && link.hrefRaw)
    .flatMap((link) => {
      const href = normaliseUrl(link.hrefRaw!, base);
      return href ? [{ lang: link.hreflang!, href }] : [];
    });
  const internal = new Set<string>();
  const external = new Set<string>();
  const internalNofollow: string[] = [];
  for (const anchor of facts.anchors) {
    if (anchor.rawHref === null) continue;
    const href = normaliseUrl(anchor.rawHref.trim(), base);
    if (!href) continue;
    if (new URL(href).origin === options.origin) {
      if (href !== answer.url) internal.add(href);
      if (anchor.rel.split(/\s+/).includes('nofollow')) internalNofollow.push(href);
    } else {
      external.add(href);
    }
  }
  page.internalLinks = [...internal];
  page.externalLinks = [...external];
  if (internalNofollow.length > 0) page.findings.push({ check: 'internal_nofollow', detail: { count: internalNofollow.length, links: internalNofollow.slice(0, 10) } });
  return page;
}

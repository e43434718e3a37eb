import type { CrawledPage } from './crawled-page';
import { normaliseUrl } from './crawled-page';
import { describeFetchError, fetchPage, type CrawlFetcher } from './fetch-page';
import { robotsReport, type RobotsTxtReport } from './robots-txt';
import type { ExternalStatus, SitemapReport } from './site-checks';
import { MAX_SITEMAP_URLS, parseSitemap, sitemapText } from './sitemaps';

type FetchOptions = Parameters<typeof fetchPage>[2];

/** robots.txt is small: 500 KB is Google's limit for what it reads of it. */
const MAX_ROBOTS_BYTES = 500 * 1024;
/** Sitemap files read at most (an index's children included), each at most 10 MB. */
const MAX_SITEMAP_FILES = 10;
const MAX_SITEMAP_FILE_BYTES = 10 * 1024 * 1024;

export async function readRobotsTxt(fetcher: CrawlFetcher, origin: string, options: FetchOptions): Promise<RobotsTxtReport> {
  const url = `${origin}/robots.txt`;
  try {
    const answer = await fetchPage(fetcher, url, { ...options, maxBytes: MAX_ROBOTS_BYTES });
    if (answer.leftSite) return robotsReport(url, { status: 404, text: '' });
    return robotsReport(url, { status: answer.status, text: answer.body.toString('utf8') });
  } catch (error) {
    return robotsReport(url, { error: describeFetchError(error).message });
  }
}

/**
 * The sitemaps robots.txt names on this origin (others are not this site's), else /sitemap.xml; an index's sitemaps
 * are read too, up to MAX_SITEMAP_FILES files. Returns each file's report and the page addresses found.
 */
export async function readSitemaps(fetcher: CrawlFetcher, origin: string, declared: readonly string[], options: FetchOptions): Promise<{ reports: SitemapReport[]; urls: string[] }> {
  const ownDeclared = declared.map((url) => normaliseUrl(url)).filter((url): url is string => url !== null && new URL(url).origin === origin);
  const queue = ownDeclared.length > 0 ? ownDeclared.map((url) => ({ url, declared: true })) : [{ url: `${origin}/sitemap.xml`, declared: false }];
  const reports: SitemapReport[] = [];
  const urls = new Set<string>();
  const visited = new Set<string>();
  while (queue.length > 0 && reports.length < MAX_SITEMAP_FILES) {
    const { url, declared: isDeclared } = queue.shift()!;
    if (visited.has(url)) continue;
    visited.add(url);
    const report: SitemapReport = { url, status: null, kind: null, urlCount: 0, errors: [], declared: isDeclared };
    reports.push(report);
    try {
      const answer = await fetchPage(fetcher, url, { ...options, maxBytes: MAX_SITEMAP_FILE_BYTES });
      report.status = answer.status;
      if (answer.leftSite) report.errors.push(`redirects to another host (${answer.redirects.at(-1)!.location})`);
      if (answer.status >= 400 || answer.leftSite) continue;
      const parsed = parseSitemap(sitemapText(answer.body, MAX_SITEMAP_FILE_BYTES), answer.url);
      report.kind = parsed.kind;
      report.urlCount = parsed.urls.length;
      report.errors.push(...parsed.errors);
      if (parsed.kind === 'sitemapindex') for (const child of parsed.urls) queue.push({ url: child, declared: true });
      else for (const page of parsed.urls) if (urls.size < MAX_SITEMAP_URLS) urls.add(page);
    } catch (error) {
      report.errors.push(error instanceof RangeError ? 'larger than 10 MB unpacked' : describeFetchError(error).message);
    }
  }
  return { reports, urls: [...urls] };
}

/**
 * The answer of each distinct external link (at most `max`, the most linked first): HEAD, or GET when HEAD is not
 * allowed, through the same guarded client (redirects followed by it, bodies cut short).
 */
export async function checkExternalLinks(fetcher: CrawlFetcher, pages: readonly CrawledPage[], options: { max: number; userAgent: string; signal?: AbortSignal }): Promise<Map<string, ExternalStatus>> {
  const counts = new Map<string, number>();
  for (const page of pages) for (const link of page.externalLinks) counts.set(link, (counts.get(link) ?? 0) + 1);
  const targets = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, options.max).map(([url]) => url);
  const results = new Map<string, ExternalStatus>();
  const headers = { 'user-agent': options.userAgent };
  const checkOne = async (url: string) => {
    try {
      let answer = await fetcher.request({ url, method: 'HEAD', headers, timeoutMs: 5_000, maxBytes: 64 * 1024, truncate: true, signal: options.signal });
      if (answer.status === 405 || answer.status === 501) {
        answer = await fetcher.request({ url, method: 'GET', headers, timeoutMs: 5_000, maxBytes: 64 * 1024, truncate: true, signal: options.signal });
      }
      results.set(url, { status: answer.status });
    } catch (error) {
      results.set(url, { error: describeFetchError(error).message });
    }
  };
  const queue = [...targets];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) await checkOne(url);
    }),
  );
  return results;
}

import type { Robot } from './robots-txt';
import type { MetaFact } from './page-analysis';

/**
 * Whether a page is blocked from indexing: robots meta tags, X-Robots-Tag headers and robots.txt, judged for the
 * generic crawler and the major search engines' ones. As in Lighthouse's is-crawlable, the page counts as blocked
 * only when every one of them is blocked: one engine allowed explicitly is enough to be found.
 */

const CRAWLERS: (string | undefined)[] = [undefined, 'Googlebot', 'bingbot', 'DuckDuckBot', 'archive.org_bot'];
const BLOCKING = new Set(['noindex', 'none']);

export interface IndexingVerdict {
  blocked: boolean;
  /** The generic crawler's blocking sources (meta, header, robots.txt), for the detail. */
  sources: string[];
}

function isPastUnavailableAfter(directive: string, now: number): boolean {
  const colon = directive.indexOf(':');
  if (colon < 0 || directive.slice(0, colon).trim() !== 'unavailable_after') return false;
  const moment = Date.parse(directive.slice(colon + 1).trim());
  return !Number.isNaN(moment) && moment < now;
}

export function hasBlockingDirective(directives: string, now = Date.now()): boolean {
  return directives
    .split(',')
    .map((directive) => directive.trim().toLowerCase())
    .some((directive) => BLOCKING.has(directive) || isPastUnavailableAfter(directive, now));
}

export function hasNofollowDirective(directives: string): boolean {
  return directives
    .split(',')
    .map((directive) => directive.trim().toLowerCase())
    .some((directive) => directive === 'nofollow' || directive === 'none');
}

/** `googlebot: noindex` names a crawler; `unavailable_after: …` does not. */
function headerCrawler(value: string): string | undefined {
  const match = value.match(/^([^,:]+):/);
  if (!match || match[1]!.trim().toLowerCase() === 'unavailable_after') return undefined;
  return match[1]!.trim();
}

function blockingSources(crawler: string | undefined, metas: readonly MetaFact[], robotsHeaders: readonly string[], robots: Robot | null, url: string, now: number): string[] {
  const sources: string[] = [];
  const meta = (crawler ? metas.find((entry) => entry.name === crawler.toLowerCase()) : undefined) ?? metas.find((entry) => entry.name === 'robots');
  if (meta && hasBlockingDirective(meta.content, now)) sources.push(`<meta name="${meta.name}" content="${meta.content}">`);
  for (const header of robotsHeaders) {
    const named = headerCrawler(header);
    if (named !== undefined && named.toLowerCase() !== crawler?.toLowerCase()) continue;
    const directives = named !== undefined ? header.slice(header.indexOf(':') + 1) : header;
    if (hasBlockingDirective(directives, now)) sources.push(`X-Robots-Tag: ${header}`);
  }
  if (robots && robots.isAllowed(url, crawler) === false) sources.push(`robots.txt line ${robots.getMatchingLineNumber(url, crawler)}`);
  return sources;
}

export function indexingVerdict(input: { url: string; metas: readonly MetaFact[]; robotsHeaders: readonly string[]; robots: Robot | null; now?: number }): IndexingVerdict {
  const now = input.now ?? Date.now();
  let blockedCount = 0;
  let generic: string[] = [];
  for (const crawler of CRAWLERS) {
    const sources = blockingSources(crawler, input.metas, input.robotsHeaders, input.robots, input.url, now);
    if (sources.length > 0) blockedCount += 1;
    if (crawler === undefined) generic = sources;
  }
  return { blocked: blockedCount === CRAWLERS.length, sources: generic };
}

/** Whether the crawler may fetch a URL under robots.txt (our own user agent's group, else `*`). */
export function mayCrawl(robots: Robot | null, url: string, userAgent: string): boolean {
  if (!robots) return true;
  return robots.isAllowed(url, userAgent) !== false;
}

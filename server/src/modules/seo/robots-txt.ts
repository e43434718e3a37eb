import robotsParser from 'robots-parser';

/** robots.txt as robots-parser reads it (Google's matching rules: longest match, `*` and `$`, groups per agent). */
export type Robot = ReturnType<typeof robotsParser>;

export function parseRobotsTxt(url: string, text: string): Robot {
  return robotsParser(url, text);
}

/**
 * What a crawler needs to know of robots.txt before it starts: whether it was there, the parsed rules, the problems
 * that make it invalid (the lines robots-parser would skip silently), and the sitemaps it names.
 */
export interface RobotsTxtReport {
  url: string;
  /** HTTP status, or null when it could not be fetched at all. */
  status: number | null;
  /** Parsed rules: null when absent (4xx: everything allowed) or unreadable. */
  robots: Robot | null;
  errors: { line: number; message: string }[];
  sitemaps: string[];
  /** Why it could not be fetched (a network or size problem). */
  fetchError?: string;
}

const KNOWN = new Set(['user-agent', 'disallow', 'allow', 'sitemap', 'crawl-delay', 'clean-param', 'host', 'request-rate', 'visit-time', 'noindex']);
const SITEMAP_PROTOCOLS = new Set(['http:', 'https:', 'ftp:']);

/** The problems of one line, or null when it is fine (or empty, or a comment). */
function lineProblem(raw: string): { directive: string } | { message: string } | null {
  const hash = raw.indexOf('#');
  const line = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
  if (line === '') return null;
  const colon = line.indexOf(':');
  if (colon < 0) return { message: 'not a directive (no colon)' };
  const directive = line.slice(0, colon).trim().toLowerCase();
  const value = line.slice(colon + 1).trim();
  if (!KNOWN.has(directive)) return { message: `unknown directive "${directive}"` };
  if (directive === 'sitemap') {
    try {
      if (!SITEMAP_PROTOCOLS.has(new URL(value).protocol)) return { message: 'the sitemap address must be http(s)' };
    } catch {
      return { message: 'the sitemap address is not an absolute URL' };
    }
  }
  if (directive === 'user-agent' && value === '') return { message: 'User-agent without a name' };
  if (directive === 'allow' || directive === 'disallow') {
    if (value !== '' && value[0] !== '/' && value[0] !== '*') return { message: 'a path pattern starts with / or *' };
    const dollar = value.indexOf('$');
    if (dollar >= 0 && dollar !== value.length - 1) return { message: '$ may only end a pattern' };
  }
  return { directive };
}

/** Syntax problems of a robots.txt, by line number (1-based); rules outside a User-agent group count as problems. */
export function validateRobotsTxt(text: string): { line: number; message: string }[] {
  const errors: { line: number; message: string }[] = [];
  let inGroup = false;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const problem = lineProblem(raw);
    if (!problem) return;
    if ('message' in problem) return errors.push({ line: index + 1, message: problem.message });
    if (problem.directive === 'user-agent') inGroup = true;
    else if (!inGroup && (problem.directive === 'allow' || problem.directive === 'disallow')) errors.push({ line: index + 1, message: 'rule before any User-agent line' });
  });
  return errors;
}

/** Builds the report from what fetching robots.txt gave. */
export function robotsReport(url: string, fetched: { status: number; text: string } | { error: string }): RobotsTxtReport {
  if ('error' in fetched) return { url, status: null, robots: null, errors: [], sitemaps: [], fetchError: fetched.error };
  const { status, text } = fetched;
  if (status >= 400) return { url, status, robots: null, errors: [], sitemaps: [] };
  const robots = parseRobotsTxt(url, text);
  return { url, status, robots, errors: validateRobotsTxt(text), sitemaps: robots.getSitemaps() };
}

/**
 * Lighthouse's robots-txt verdict: failing when it could not be fetched, answered 5xx, or has invalid lines; absent
 * (4xx) or empty is fine.
 */
export function robotsTxtProblem(report: RobotsTxtReport): string | null {
  if (report.status === null) return `robots.txt could not be fetched: ${report.fetchError ?? 'no answer'}`;
  if (report.status >= 500) return `robots.txt answered HTTP ${report.status}`;
  if (report.errors.length > 0) return `${report.errors.length} invalid ${report.errors.length === 1 ? 'line' : 'lines'}`;
  return null;
}

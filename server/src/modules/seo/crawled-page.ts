import type { Finding } from './page-checks';

/** How the crawler came to a page. */
export type FoundVia = 'start' | 'link' | 'sitemap';

/**
 * One page of an audit as the crawler keeps it until the audit is stored: the answer, what the checks found, and
 * the few facts the site-level checks compare across pages (the HTML itself is not kept).
 */
export interface CrawledPage {
  /** The address crawled (normalised: no fragment). */
  url: string;
  /** The address that answered (after redirects within the site). */
  finalUrl: string;
  /** null: no answer (fetchError says why, e.g. blocked by robots.txt, timeout, too large). */
  status: number | null;
  fetchError: string | null;
  redirects: { status: number; location: string }[];
  contentType: string | null;
  bytes: number;
  durationMs: number;
  depth: number;
  foundVia: FoundVia;
  inSitemap: boolean;
  /** Distinct other pages of the site linking here (set after the crawl). */
  inlinks: number;
  title: string | null;
  description: string | null;
  h1: string | null;
  canonical: string | null;
  lang: string | null;
  indexable: boolean;
  /** hreflang alternates (absolute addresses), for the return-link check. */
  hreflang: { lang: string; href: string }[];
  /** Distinct internal and external link targets (absolute, no fragment). */
  internalLinks: string[];
  externalLinks: string[];
  findings: Finding[];
}

/** A site-level problem: robots.txt, a sitemap file. */
export interface SiteFinding extends Finding {
  url: string;
}

/** An address without its fragment; null when it is not http(s). */
export function normaliseUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url.href;
}

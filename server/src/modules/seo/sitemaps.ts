import { gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Sitemaps as sitemaps.org defines them: a `urlset` of pages or a `sitemapindex` of further sitemaps, read with
 * fast-xml-parser (validated first; DOCTYPE entities not expanded, so an entity bomb cannot grow in memory), or a
 * plain-text list of addresses. A gzipped file (`sitemap.xml.gz`, sent as a file rather than with Content-Encoding)
 * is unpacked with a cap on its unpacked size.
 */

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** sitemaps.org: at most 50,000 addresses and 50 MB (uncompressed) per file. */
export const MAX_SITEMAP_URLS = 50_000;
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex' | 'text';
  /** Page addresses (urlset, text) or sitemap addresses (sitemapindex), absolute and of the allowed host. */
  urls: string[];
  /** Why the sitemap is not valid (empty: valid). */
  errors: string[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

/** The body as text: gunzipped when it is gzip (magic bytes), bounded; throws a RangeError past `maxBytes`. */
export function sitemapText(body: Buffer, maxBytes = MAX_SITEMAP_BYTES): string {
  if (body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b) return gunzipSync(body, { maxOutputLength: maxBytes }).toString('utf8');
  return body.toString('utf8');
}

function checkUrl(raw: unknown, origin: string, errors: string[], label: string): string | null {
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'object' && raw && '#text' in raw ? String((raw as { '#text': unknown })['#text']).trim() : '';
  if (!text) {
    errors.push(`${label} without <loc>`);
    return null;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    errors.push(`${label} "${text.slice(0, 200)}" is not an absolute URL`);
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    errors.push(`${label} "${text.slice(0, 200)}" is not http(s)`);
    return null;
  }
  if (url.origin !== origin) {
    errors.push(`${label} "${text.slice(0, 200)}" is on another host than the sitemap`);
    return null;
  }
  url.hash = '';
  return url.href;
}

/** Reads a sitemap fetched from `sitemapUrl`; addresses must be on the sitemap's own origin (sitemaps.org). */
export function parseSitemap(text: string, sitemapUrl: string): ParsedSitemap {
  const origin = new URL(sitemapUrl).origin;
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed.startsWith('<')) return parseTextSitemap(trimmed, origin);
  const validation = XMLValidator.validate(trimmed);
  if (validation !== true) return { kind: 'urlset', urls: [], errors: [`not valid XML: ${validation.err.msg} (line ${validation.err.line})`] };
  const document = parser.parse(trimmed) as Record<string, unknown>;
  const errors: string[] = [];
  const root = document.urlset ?? document.sitemapindex;
  const kind = document.urlset !== undefined ? 'urlset' : 'sitemapindex';
  if (root === undefined || typeof root !== 'object' || root === null) {
    const names = Object.keys(document).filter((name) => !name.startsWith('?'));
    return { kind: 'urlset', urls: [], errors: [`the root element is <${names[0] ?? 'none'}>, not <urlset> or <sitemapindex>`] };
  }
  // The default namespace of the root element (removeNSPrefix drops xmlns attributes from the parsed tree).
  const rootTag = trimmed.match(new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${kind}\\b[^>]*>`))?.[0] ?? '';
  if (!rootTag.includes(`"${SITEMAP_NAMESPACE}"`) && !rootTag.includes(`'${SITEMAP_NAMESPACE}'`)) errors.push(`the ${kind} does not declare the sitemap namespace ${SITEMAP_NAMESPACE}`);
  const entries = ((root as Record<string, unknown>)[kind === 'urlset' ? 'url' : 'sitemap'] ?? []) as unknown[];
  if (entries.length > MAX_SITEMAP_URLS) errors.push(`${entries.length} entries: at most ${MAX_SITEMAP_URLS} are allowed`);
  const urls: string[] = [];
  for (const entry of entries.slice(0, MAX_SITEMAP_URLS)) {
    const loc = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).loc : undefined;
    const url = checkUrl(loc, origin, errors, kind === 'urlset' ? 'a <url>' : 'a <sitemap>');
    if (url) urls.push(url);
  }
  return { kind, urls, errors: errors.slice(0, 20) };
}

function parseTextSitemap(text: string, origin: string): ParsedSitemap {
  const errors: string[] = [];
  const urls: string[] = [];
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return { kind: 'text', urls, errors: ['the sitemap is empty'] };
  if (lines.length > MAX_SITEMAP_URLS) errors.push(`${lines.length} addresses: at most ${MAX_SITEMAP_URLS} are allowed`);
  for (const line of lines.slice(0, MAX_SITEMAP_URLS)) {
    const url = checkUrl(line, origin, errors, 'the line');
    if (url) urls.push(url);
  }
  return { kind: 'text', urls, errors: errors.slice(0, 20) };
}

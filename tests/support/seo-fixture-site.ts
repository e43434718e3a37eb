import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * A small website served on this machine with known SEO defects, one or two per page, for the crawler's tests and the
 * Lighthouse agreement script. `EXPECTED_ISSUES` lists exactly what an audit must find (page path → checks; site
 * files by their path). Every other page is complete: a unique title and description of fitting length, one h1,
 * lang, viewport, Open Graph and Twitter tags, valid JSON-LD, gzip and caching headers, listed in the sitemap and
 * linked from the home page.
 */

export interface FixturePage {
  status?: number;
  /** Extra headers; `compress: false` serves it without gzip and caching headers. */
  headers?: Record<string, string>;
  compress?: boolean;
  html?: string;
  redirect?: string;
}

interface PageParts {
  title?: string | null;
  description?: string | null;
  lang?: string | null;
  viewport?: boolean;
  head?: string;
  body: string;
}

export function document(path: string, parts: PageParts): string {
  const slug = path === '/' ? 'home' : path.slice(1).replace(/\//g, ' ');
  const title = parts.title === undefined ? `Woodshop ${slug} page` : parts.title;
  const description = parts.description === undefined ? `Everything about the ${slug} page of the Woodshop, a small furniture maker.` : parts.description;
  return [
    '<!doctype html>',
    parts.lang === null ? '<html>' : `<html lang="${parts.lang ?? 'en'}">`,
    '<head><meta charset="utf-8">',
    title === null ? '' : `<title>${title}</title>`,
    description === null ? '' : `<meta name="description" content="${description}">`,
    parts.viewport === false ? '' : '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta property="og:title" content="${title ?? slug}"><meta property="og:description" content="${slug}"><meta property="og:image" content="/og.png">`,
    '<meta name="twitter:card" content="summary">',
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage"}</script>',
    parts.head ?? '',
    '</head><body>',
    parts.body,
    '</body></html>',
  ].join('\n');
}

const h1 = (text: string) => `<h1>${text}</h1><p>${'Solid oak, made to order. '.repeat(3)}</p>`;

/** Page path → its page. The home page links to every page but /orphan; the sitemap lists every page but /not-listed. */
export function fixturePages(externalBrokenUrl: string): Record<string, FixturePage> {
  const pages: Record<string, FixturePage> = {
    '/about': { html: document('/about', { body: h1('About us') }) },
    '/no-title': { html: document('/no-title', { title: null, body: h1('No title') }) },
    '/no-description': { html: document('/no-description', { description: null, body: h1('No description') }) },
    '/noindex': { html: document('/noindex', { head: '<meta name="robots" content="noindex">', body: h1('Hidden') }) },
    '/broken-links': { html: document('/broken-links', { body: `${h1('Links')}<a href="/missing">Gone page</a> <a href="${externalBrokenUrl}">Partner site</a>` }) },
    '/missing': { status: 404, html: '<!doctype html><title>Not found</title><h1>Not found</h1>' },
    '/images': { html: document('/images', { body: `${h1('Gallery')}<img src="/a.jpg"><img src="/b.jpg" alt="A chair">` }) },
    '/generic-links': { html: document('/generic-links', { body: `${h1('Offers')}<a href="/about">Click here</a> <a href="javascript:void(0)">Open menu</a>` }) },
    '/bad-canonical': { html: document('/bad-canonical', { head: '<link rel="canonical" href="/bad-canonical">', body: h1('Canonical') }) },
    '/bad-hreflang': { html: document('/bad-hreflang', { head: '<link rel="alternate" hreflang="english" href="https://example.com/en">', body: h1('Languages') }) },
    '/dup-a': { html: document('/dup-a', { title: 'Oak tables made to measure', body: h1('Tables A') }) },
    '/dup-b': { html: document('/dup-b', { title: 'Oak tables made to measure', body: h1('Tables B') }) },
    '/redirect-chain': { status: 301, redirect: '/redirect-step' },
    '/redirect-step': { status: 302, redirect: '/about' },
    '/bad-json-ld': { html: document('/bad-json-ld', { head: '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product",}</script>', body: h1('Product') }) },
    '/no-lang': { html: document('/no-lang', { lang: null, viewport: false, body: h1('Language') }) },
    '/uncompressed': { compress: false, html: document('/uncompressed', { body: h1('Plain') + '<p>x</p>'.repeat(300) }) },
    '/headings': { html: document('/headings', { body: '<h2>Intro</h2><h4>Details</h4><p>No main heading here.</p>' }) },
    '/orphan': { html: document('/orphan', { body: h1('Nobody links here') }) },
    '/not-listed': { html: document('/not-listed', { body: h1('Not in the sitemap') }) },
    '/blocked/secret': { html: document('/blocked/secret', { body: h1('Secret') }) },
  };
  const linked = Object.keys(pages).filter((path) => path !== '/orphan' && path !== '/missing' && path !== '/redirect-step');
  pages['/'] = { html: document('/', { body: `${h1('Woodshop')}<nav>${linked.map((path) => `<a href="${path}">${path.slice(1).replace(/[-/]/g, ' ')} page</a>`).join(' ')}</nav>` }) };
  return pages;
}

/** The sitemap: every page that answers (not /missing, not the redirects), without /not-listed, with /orphan. */
export function fixtureSitemap(origin: string, pages: Record<string, FixturePage>): string {
  const listed = Object.entries(pages)
    .filter(([path, page]) => !page.redirect && (page.status ?? 200) === 200 && path !== '/not-listed')
    .map(([path]) => `<url><loc>${origin}${path}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed.join('')}</urlset>`;
}

export const FIXTURE_ROBOTS = 'User-agent: *\nDisallow: /blocked/\n';

/** What an audit of the fixture site must find, exactly: page path → checks. */
export const EXPECTED_ISSUES: Record<string, string[]> = {
  '/no-title': ['title_missing'],
  '/no-description': ['description_missing'],
  '/noindex': ['not_indexable', 'sitemap_url_not_ok'],
  '/broken-links': ['broken_internal_link', 'broken_external_link'],
  '/missing': ['http_error'],
  '/images': ['image_alt_missing'],
  '/generic-links': ['link_text_generic', 'anchors_not_crawlable'],
  '/bad-canonical': ['canonical_invalid'],
  '/bad-hreflang': ['hreflang_invalid'],
  '/dup-a': ['title_duplicate'],
  '/dup-b': ['title_duplicate'],
  '/redirect-chain': ['redirect_chain'],
  '/bad-json-ld': ['structured_data_invalid'],
  '/no-lang': ['lang_missing', 'viewport_missing'],
  '/uncompressed': ['no_compression', 'no_caching'],
  '/headings': ['h1_missing', 'heading_skipped'],
  '/orphan': ['orphan_page'],
  '/not-listed': ['not_in_sitemap'],
  '/blocked/secret': ['not_indexable', 'sitemap_url_not_ok'],
};

export interface FixtureSite {
  origin: string;
  /** The pages served, by path: change them between two audits. */
  pages: Record<string, FixturePage>;
  /** Requests the site answered, by path (to check politeness, robots.txt, limits). */
  requests: { path: string; at: number; userAgent: string }[];
  close(): Promise<void>;
}

function serve(pages: Record<string, FixturePage>, origin: () => string, requests: FixtureSite['requests']) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push({ path, at: Date.now(), userAgent: String(request.headers['user-agent'] ?? '') });
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end(FIXTURE_ROBOTS);
    if (path === '/sitemap.xml') return void response.writeHead(200, { 'content-type': 'application/xml' }).end(fixtureSitemap(origin(), pages));
    const page = pages[path];
    if (!page) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title>');
    if (page.redirect) return void response.writeHead(page.status ?? 301, { location: page.redirect }).end();
    const html = Buffer.from(page.html ?? '');
    const compress = page.compress !== false && /gzip/.test(String(request.headers['accept-encoding'] ?? ''));
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', ...(page.compress === false ? {} : { 'cache-control': 'public, max-age=300' }), ...page.headers };
    if (compress) headers['content-encoding'] = 'gzip';
    response.writeHead(page.status ?? 200, headers).end(request.method === 'HEAD' ? undefined : compress ? gzipSync(html) : html);
  };
}

async function listen(server: Server, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

/**
 * The fixture site and, beside it, an "external" site whose link answers 500, on `host` (tests use 127.0.0.2, which
 * OUTBOUND_ALLOW_PRIVATE opens, so that 127.0.0.1 — the server itself — stays refused).
 */
export async function startFixtureSite(host = '127.0.0.2'): Promise<FixtureSite> {
  const external = createServer((_request, response) => response.writeHead(500).end('down'));
  const externalOrigin = await listen(external, host);
  const pages = fixturePages(`${externalOrigin}/partner`);
  const requests: FixtureSite['requests'] = [];
  let origin = '';
  const server = createServer(serve(pages, () => origin, requests));
  origin = await listen(server, host);
  return {
    origin,
    pages,
    requests,
    async close() {
      server.closeAllConnections();
      external.closeAllConnections();
      await Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => external.close(resolve))]);
    },
  };
}

/** Any handler on a local port (SSRF tests, limits): returns its origin and a close. */
export async function startLocalServer(handler: (request: IncomingMessage, response: ServerResponse) => void, host = '127.0.0.2'): Promise<{ origin: string; port: number; close(): Promise<void> }> {
  const server = createServer(handler);
  const origin = await listen(server, host);
  return {
    origin,
    port: Number(new URL(origin).port),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isAdminAreaPath, isAppRoute, withoutTrailingSlash } from '../../../../src/config/paths';

export interface HtmlPages {
  /** The SPA shell, for routes that are not prerendered. */
  shell: string;
  /** Prerendered HTML by route path ('/', '/portfolio', …). */
  prerendered: Map<string, string>;
  /** The prerendered not-found page, when the build made one. */
  notFound: string | undefined;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Adds the runtime backend settings the SPA reads when it was built without VITE_SUPABASE_* (same origin). */
export function injectBackendMeta(html: string, anonKey: string): string {
  const meta = `<meta name="supabase-anon-key" content="${escapeAttribute(anonKey)}" />`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}\n</head>`) : `${meta}\n${html}`;
}

/** Route path of a prerendered file name: index.html → '/', portfolio.html → '/portfolio'. */
export function routeOfPrerenderedFile(file: string): string {
  const name = file.replace(/\.html$/, '');
  return name === 'index' ? '/' : `/${name.replaceAll('__', '/')}`;
}

export function loadHtmlPages(staticDir: string, anonKey: string): HtmlPages | undefined {
  const shellFile = path.join(staticDir, 'index.html');
  if (!existsSync(shellFile)) return undefined;
  const prerenderedDir = path.join(staticDir, '..', 'prerendered');
  const prerendered = new Map<string, string>();
  let notFound: string | undefined;
  if (existsSync(prerenderedDir)) {
    for (const file of readdirSync(prerenderedDir).filter((name) => name.endsWith('.html'))) {
      const html = injectBackendMeta(readFileSync(path.join(prerenderedDir, file), 'utf8'), anonKey);
      if (file === '404.html') notFound = html;
      else prerendered.set(routeOfPrerenderedFile(file), html);
    }
  }
  return { shell: injectBackendMeta(readFileSync(shellFile, 'utf8'), anonKey), prerendered, notFound };
}

/**
 * Which HTML a path gets, and with which status: app routes 200, anything else 404 (the prerendered 404 page, or the
 * shell where the app renders its 404 inside the admin area).
 */
export function pickPage(pages: HtmlPages, pathname: string): { status: 200 | 404; html: string } {
  const normalized = withoutTrailingSlash(pathname);
  if (!isAppRoute(normalized)) return { status: 404, html: isAdminAreaPath(normalized) ? pages.shell : (pages.notFound ?? pages.shell) };
  return { status: 200, html: pages.prerendered.get(normalized) ?? pages.shell };
}

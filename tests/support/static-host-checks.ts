import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { securityHeaders } from '../../src/config/security-headers';
import { ROOT_DIR } from '../../server/src/project-paths';

/**
 * What a static host answers for the built site (dist/static), observed over HTTP and named by which built file came
 * back, so the same expectations serve every host (the `_redirects`/`_headers` server, nginx). The expected answers
 * are the own server's: prerendered public pages, the app's shell for its routes, the not-found page with 404.
 */

export const STATIC_DIR = path.join(ROOT_DIR, 'dist/static');

const FILES = {
  home: 'index.html',
  portfolio: 'portfolio/index.html',
  about: 'about/index.html',
  roi: 'roi/index.html',
  shell: 'app-shell/index.html',
  notFound: '404.html',
} as const;

type Kind = keyof typeof FILES | 'other';

/** Paths and the built file each must answer with (and the status). */
export const EXPECTED_PAGES: Record<string, [number, Kind]> = {
  '/': [200, 'home'],
  '/portfolio': [200, 'portfolio'],
  '/about': [200, 'about'],
  '/about/': [200, 'about'],
  '/roi': [200, 'roi'],
  '/auth': [200, 'shell'],
  '/dashboard': [200, 'shell'],
  '/dashboard/': [200, 'shell'],
  '/marketing/content': [200, 'shell'],
  '/admin/administrator': [200, 'shell'],
  '/admin/page-7': [200, 'shell'],
  '/blog/northwind-journal': [200, 'shell'],
  '/blog/northwind-journal/launch-notes': [200, 'shell'],
  '/blog/northwind-journal/launch-notes/more': [404, 'notFound'],
  '/no/such/page': [404, 'notFound'],
  '/marketing/nope': [404, 'notFound'],
  '/about/more': [404, 'notFound'],
  '/_redirects': [404, 'notFound'],
};

async function builtFiles(): Promise<Map<string, Kind>> {
  const byContent = new Map<string, Kind>();
  for (const [kind, file] of Object.entries(FILES)) byContent.set(await readFile(path.join(STATIC_DIR, file), 'utf8'), kind as Kind);
  return byContent;
}

export async function observePages(baseUrl: string, pathsToCheck: string[] = Object.keys(EXPECTED_PAGES)): Promise<Record<string, [number, Kind]>> {
  const files = await builtFiles();
  const observed: Record<string, [number, Kind]> = {};
  for (const target of pathsToCheck) {
    const response = await fetch(`${baseUrl}${target}`, { redirect: 'manual' });
    observed[target] = [response.status, files.get(await response.text()) ?? 'other'];
  }
  return observed;
}

/** The security headers of the own server for an HTTPS site, lower-cased as fetch reports them. */
export function expectedSecurityHeaders(): Record<string, string> {
  return Object.fromEntries(Object.entries(securityHeaders({ https: true })).map(([name, value]) => [name.toLowerCase(), value]));
}

export async function observeSecurityHeaders(baseUrl: string, target: string): Promise<Record<string, string | null>> {
  const response = await fetch(`${baseUrl}${target}`);
  await response.arrayBuffer();
  return Object.fromEntries(Object.keys(expectedSecurityHeaders()).map((name) => [name, response.headers.get(name)]));
}

/** A content-hashed script of the build: its status, type and cache policy. */
export async function observeHashedAsset(baseUrl: string): Promise<{ status: number; type: string | null; cacheControl: string | null }> {
  const script = (await readdir(path.join(STATIC_DIR, 'assets'))).find((file) => file.endsWith('.js'))!;
  const response = await fetch(`${baseUrl}/assets/${script}`);
  await response.arrayBuffer();
  return { status: response.status, type: response.headers.get('content-type'), cacheControl: response.headers.get('cache-control') };
}

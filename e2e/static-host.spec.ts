import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CACHE_CONTROL } from '../src/config/security-headers';
import {
  EXPECTED_PAGES,
  expectedSecurityHeaders,
  observeHashedAsset,
  observePages,
  observeSecurityHeaders,
  STATIC_DIR,
} from '../tests/support/static-host-checks';
import { startStaticHostServer, type StaticHostServer } from '../tests/support/static-host-server';

/**
 * The build for static hosts (dist/static), served by a plain static server configured only from the `_redirects`
 * and `_headers` the build wrote (Netlify / Cloudflare Pages semantics): the four public pages prerendered, app
 * routes answered by the shell, 404 for anything else, hashed assets immutable, the own server's security headers.
 * (nginx with dist/nginx.conf: tests/hosted/static-nginx.test.ts.)
 */

let host: StaticHostServer;

test.beforeAll(async () => {
  host = await startStaticHostServer(STATIC_DIR);
});

test.afterAll(async () => {
  await host?.close();
});

test('pages, app routes and unknown paths answer as on the own server', async () => {
  expect(await observePages(host.url)).toEqual(EXPECTED_PAGES);
});

test('every page carries the security headers; hashed assets are cached for good', async () => {
  for (const target of ['/', '/dashboard', '/no/such/page']) {
    expect(await observeSecurityHeaders(host.url, target), target).toEqual(expectedSecurityHeaders());
  }
  expect(await observeHashedAsset(host.url)).toEqual({ status: 200, type: 'text/javascript; charset=utf-8', cacheControl: CACHE_CONTROL.hashedAsset });
});

test('vercel.json names the same pages and headers as _redirects and _headers', async () => {
  const vercel = JSON.parse(await readFile(path.join(STATIC_DIR, 'vercel.json'), 'utf8')) as {
    rewrites: { source: string; destination: string }[];
    headers: { source: string; headers: { key: string; value: string }[] }[];
  };
  const redirects = await readFile(path.join(STATIC_DIR, '_redirects'), 'utf8');
  for (const { source, destination } of vercel.rewrites.filter((rewrite) => !rewrite.source.includes(':'))) {
    const target = destination.replace(/index\.html$/, '');
    expect(redirects, source).toMatch(new RegExp(`^${source}\\s+${target} 200$`, 'm'));
  }
  const allPaths = vercel.headers.find((rule) => rule.source === '/(.*)')!;
  expect(Object.fromEntries(allPaths.headers.map(({ key, value }) => [key.toLowerCase(), value]))).toEqual(expectedSecurityHeaders());
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let dir: string;
let server: TestServer;
const asset = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bb-static-'));
  const client = path.join(dir, 'client');
  await mkdir(path.join(client, 'assets'), { recursive: true });
  await mkdir(path.join(dir, 'prerendered'));
  const shell = `<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  await writeFile(path.join(client, 'index.html'), shell);
  await writeFile(path.join(client, 'assets/app-abc123.js'), asset);
  await writeFile(path.join(client, 'assets/app-abc123.js.br'), brotliCompressSync(asset));
  await writeFile(path.join(client, 'assets/app-abc123.js.gz'), gzipSync(asset));
  await writeFile(path.join(client, 'assets/table.worker-abc123.js'), asset);
  await writeFile(path.join(client, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, 'prerendered/index.html'), '<html><head><title>Home</title></head><body>HOME PAGE</body></html>');
  await writeFile(path.join(dir, 'prerendered/404.html'), '<html><head><title>404</title></head><body>Oops! Page not found</body></html>');
  server = await startTestServer({ STATIC_DIR: client });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('static serving', () => {
  it('serves the prerendered home with the runtime backend settings and the security headers', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('HOME PAGE');
    expect(html).toContain(`<meta name="supabase-anon-key" content="${server.anonKey}" />`);
    expect(html).not.toContain(server.serviceRoleKey);
    const csp = response.headers.get('content-security-policy')!;
    for (const directive of ["script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('permissions-policy')).toBe(
      'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    );
  });

  it('serves the home page to a client that accepts no compression', async () => {
    const response = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('HOME PAGE');
    expect((await fetch(`${server.url}/assets/`)).status).toBe(404);
  });

  it('serves the SPA shell for every app route and HTTP 404 with the not-found page for anything else', async () => {
    const dashboard = await fetch(`${server.url}/dashboard`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('<title>Shell</title>');
    const adminPage = await fetch(`${server.url}/admin/page-21`);
    expect(adminPage.status).toBe(200);
    const missing = await fetch(`${server.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
    expect((await fetch(`${server.url}/index.html`)).status).toBe(404);
  });

  it('serves hashed assets precompressed with a one-year immutable cache', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(asset);
    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends a page’s scripts without the headers that only apply to documents, and keeps them on pages and workers', async () => {
    const script = await fetch(`${server.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy', 'access-control-allow-origin', 'access-control-expose-headers']) {
      expect(script.headers.get(name), name).toBeNull();
    }
    let headerBytes = 0;
    script.headers.forEach((value, name) => (headerBytes += name.length + value.length + 4));
    console.log(`a hashed script's response headers: ${headerBytes} B`);
    expect(headerBytes).toBeLessThan(600);
    // A worker's policy comes with its own script; a page keeps every header.
    const worker = await fetch(`${server.url}/assets/table.worker-abc123.js`);
    expect(worker.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await fetch(`${server.url}/dashboard`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // The API keeps its CORS headers.
    const api = await fetch(`${server.url}/rest/v1/`, { headers: { origin: 'https://elsewhere.example' } });
    expect(api.headers.get('access-control-allow-origin')).not.toBeNull();
  });

  it('compresses HTML on the fly', async () => {
    const response = await fetch(`${server.url}/dashboard`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });
});

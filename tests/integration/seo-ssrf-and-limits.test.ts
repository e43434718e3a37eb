import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupAll } from '../../server/src/lib/outbound/guarded-connector';
import { createOutboundClient, type OutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { crawlSite } from '../../server/src/modules/seo/crawler';
import { signedInUser } from '../support/rest-clients';
import { startLocalServer } from '../support/seo-fixture-site';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The crawler fetches URLs users type: every address class is refused before anything is connected (IPv4 and IPv6,
 * IPv4 inside IPv6, other spellings), a DNS name resolving to 127.0.0.1 is refused when the connection is made, a
 * redirect to a private address is not followed, other schemes and ports are refused; and each page is bounded —
 * 5 MB decoded (a decompression bomb stops there), time, endless redirects. The refused addresses are never
 * contacted: the checks run before a packet leaves (only 127.0.0.x servers of this test are ever reached).
 */
const strict = createOutboundClient({ policy: { allowPrivate: [], allowPorts: 'any' } });
const allowed = createOutboundClient({ policy: { allowPrivate: ['127.0.0.2'], allowPorts: 'any' } });
const crawl = (client: OutboundClient, startUrl: string, options: { timeoutMs?: number } = {}) => crawlSite(client, { startUrl, pageLimit: 20, delayMs: 0, ...options });

let loopbackHits = 0;
let loopback: Awaited<ReturnType<typeof startLocalServer>>;
let site: Awaited<ReturnType<typeof startLocalServer>>;
let server: TestServer;

beforeAll(async () => {
  loopback = await startLocalServer((_request, response) => {
    loopbackHits += 1;
    response.writeHead(200, { 'content-type': 'text/html' }).end('<title>the server itself</title>');
  }, '127.0.0.1');
  const bomb = gzipSync(Buffer.alloc(60 * 1024 * 1024, ' '));
  const pages: Record<string, (response: ServerResponse) => void> = {
    '/': (response) => response.writeHead(200, { 'content-type': 'text/html' }).end(['/huge', '/bomb', '/loop', '/chain/0', '/slow', '/leave'].map((path) => `<a href="${path}">${path}</a>`).join(' ')),
    '/huge': (response) => response.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.alloc(6 * 1024 * 1024, 'a')),
    '/bomb': (response) => response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb),
    '/loop': (response) => response.writeHead(302, { location: '/loop-back' }).end(),
    '/loop-back': (response) => response.writeHead(302, { location: '/loop' }).end(),
    '/slow': () => undefined,
    '/leave': (response) => response.writeHead(301, { location: `${loopback.origin}/` }).end(),
    '/to-loopback': (response) => response.writeHead(302, { location: `${loopback.origin}/` }).end(),
    '/to-metadata': (response) => response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/links-out': (response) => response.writeHead(200, { 'content-type': 'text/html' }).end(`<title>t</title><a href="${site.origin}/x">in</a> <a href="http://[::ffff:7f00:1]:${loopback.port}/">out</a>`),
  };
  site = await startLocalServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain) return void response.writeHead(302, { location: `/chain/${Number(chain[1]) + 1}` }).end();
    (pages[path] ?? ((reply) => reply.writeHead(404).end()))(response);
  });
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' });
});

afterAll(async () => {
  await Promise.all([strict.close(), allowed.close()]);
  await server?.close();
  await Promise.all([site?.close(), loopback?.close()]);
});

describe('SSRF: addresses the crawler refuses', () => {
  it.each([
    ['loopback', 'http://127.0.0.1/', 'loopback'],
    ['loopback, decimal spelling', 'http://2130706433/', 'loopback'],
    ['loopback, IPv6', 'http://[::1]/', 'loopback'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/', 'loopback'],
    ['private 10/8', 'http://10.0.0.7/', 'private network'],
    ['private 172.16/12', 'http://172.16.5.4/', 'private network'],
    ['private 192.168/16', 'http://192.168.1.1/', 'private network'],
    ['unique local IPv6', 'http://[fd12:3456::1]/', 'unique local'],
    ['link-local', 'http://169.254.10.10/', 'link-local'],
    ['link-local IPv6', 'http://[fe80::1]/', 'link-local'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['multicast', 'http://224.0.0.251/', 'multicast'],
    ['multicast IPv6', 'http://[ff02::1]/', 'multicast'],
    ['carrier-grade NAT', 'http://100.64.0.1/', 'carrier-grade NAT'],
    ['unspecified', 'http://0.0.0.0/', 'unspecified'],
  ])('%s: %s', async (_class, url, words) => {
    await expect(crawl(strict, url)).rejects.toMatchObject({ code: 'address', message: expect.stringContaining(words) });
  });

  it('refuses a DNS name that resolves to 127.0.0.1, when it connects', async () => {
    const lookup: LookupAll = (_hostname, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);
    const resolving = createOutboundClient({ policy: { allowPrivate: [], allowPorts: 'any' }, lookup });
    try {
      await expect(crawl(resolving, `http://shop.rebind.test:${loopback.port}/`)).rejects.toMatchObject({ code: 'address', message: expect.stringContaining('resolves to 127.0.0.1') });
      expect(loopbackHits).toBe(0);
    } finally {
      await resolving.close();
    }
  });

  it('does not follow a redirect to a private address: from the start page, from a page, from an external link', async () => {
    await expect(crawl(allowed, `${site.origin}/to-loopback`)).rejects.toMatchObject({ code: 'address', message: expect.stringContaining('loopback') });
    const result = await crawl(allowed, `${site.origin}/links-out`);
    expect(loopbackHits).toBe(0);
    // The link to the server itself (IPv4 inside IPv6) is checked and refused, never fetched.
    expect(result.pages[0]!.findings.find((finding) => finding.check === 'broken_external_link')?.detail).toMatchObject({ links: [expect.objectContaining({ error: expect.stringContaining('loopback') })] });
    const metadata = await crawl(allowed, `${site.origin}/to-metadata`).catch((error: Error & { code?: string }) => error);
    expect(metadata).toMatchObject({ code: 'address', message: expect.stringContaining('metadata') });
  });

  it('refuses other schemes, and ports other than 80 and 443 without the setting', async () => {
    await expect(crawl(strict, 'file:///etc/passwd')).rejects.toMatchObject({ code: 'invalid_url' });
    await expect(crawl(strict, 'ftp://example.com/')).rejects.toMatchObject({ code: 'invalid_url' });
    const portless = createOutboundClient({ policy: { allowPrivate: [], allowPorts: [] } });
    try {
      await expect(crawl(portless, 'http://example.com:8080/')).rejects.toMatchObject({ code: 'port' });
    } finally {
      await portless.close();
    }
  });

  it('a member cannot save a site at a private address, and an audit whose home page redirects there fails with why', async () => {
    const owner = await signedInUser(server);
    const refused = await owner.client.from('seo_sites').insert({ organization_id: owner.organizationId, name: 'Self', start_url: 'http://127.0.0.1/', created_by: owner.id });
    expect(refused.error).toMatchObject({ code: 'P0001', details: 'url_private_address' });
    const metadata = await owner.client.from('seo_sites').insert({ organization_id: owner.organizationId, name: 'Cloud', start_url: 'http://169.254.169.254/', created_by: owner.id });
    expect(metadata.error).toMatchObject({ details: 'url_private_address' });
    const { data } = await owner.client.from('seo_sites').insert({ organization_id: owner.organizationId, name: 'Trap', start_url: `${site.origin}/to-loopback`, created_by: owner.id }).select('id').single();
    const audit = await owner.client.rpc('request_seo_audit', { site_id: data!.id });
    await server.app.jobRunner!()!.drain(60_000);
    const done = await owner.client.from('seo_audits').select('status, error').eq('id', audit.data!.id).single();
    expect(done.data).toMatchObject({ status: 'failed', error: expect.stringContaining('loopback') });
    expect(loopbackHits).toBe(0);
  });
});

describe('limits of a page', () => {
  it('stops at 5 MB decoded, a decompression bomb, endless and long redirect chains, and a page that never answers', async () => {
    const result = await crawl(allowed, `${site.origin}/`, { timeoutMs: 1_000 });
    const failure = (path: string) => result.pages.find((page) => new URL(page.url).pathname === path)?.findings.find((finding) => finding.check === 'fetch_failed')?.detail;
    expect(failure('/huge')).toMatchObject({ code: 'too_large' });
    expect(failure('/bomb')).toMatchObject({ code: 'too_large' });
    expect(failure('/loop')).toMatchObject({ code: 'redirect_loop' });
    expect(failure('/chain/0')).toMatchObject({ code: 'too_many_redirects' });
    expect(failure('/slow')).toMatchObject({ code: 'timeout' });
    // A redirect to another host ends the chain there: recorded, not fetched.
    expect(result.pages.find((page) => page.url.endsWith('/leave'))).toMatchObject({ status: 301, redirects: [{ status: 301, location: `${loopback.origin}/` }] });
    expect(loopbackHits).toBe(0);
  });
});

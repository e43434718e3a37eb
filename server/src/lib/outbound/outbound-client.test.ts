import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupAll } from './guarded-connector';
import { createOutboundClient, type OutboundClient } from './outbound-client';
import type { OutboundPolicy } from './url-policy';

/**
 * The client against real HTTP servers on this machine: one on 127.0.0.2 (the address the policy opens, standing in
 * for a public host) and one on 127.0.0.1 (loopback, which stays closed). Names resolve through a resolver of the
 * test's own, passed where node:dns's lookup would be.
 */

type Handler = (request: IncomingMessage, response: ServerResponse, origin: { open: string; closed: string }) => void;

async function listen(host: string, handler: Handler, origins: () => { open: string; closed: string }): Promise<Server> {
  const server = createServer((request, response) => handler(request, response, origins()));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return server;
}

const routes: Record<string, Handler> = {
  '/ok': (_q, r) => r.end('fine'),
  '/echo': (q, r) => {
    let body = '';
    q.on('data', (chunk) => (body += chunk));
    q.on('end', () => r.end(JSON.stringify({ method: q.method, body, authorization: q.headers.authorization ?? null, url: q.url })));
  },
  '/to-closed': (_q, r, o) => r.writeHead(307, { location: `${o.closed}/ok` }).end(),
  '/to-localhost': (_q, r, o) => r.writeHead(302, { location: o.closed.replace('127.0.0.1', 'localhost') + '/ok' }).end(),
  '/to-metadata': (_q, r) => r.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/to-file': (_q, r) => r.writeHead(302, { location: 'file:///etc/passwd' }).end(),
  '/loop': (_q, r) => r.writeHead(307, { location: '/loop-b' }).end(),
  '/loop-b': (_q, r) => r.writeHead(307, { location: '/loop' }).end(),
  '/see-other': (_q, r) => r.writeHead(303, { location: '/echo' }).end(),
  '/keep': (_q, r, o) => r.writeHead(307, { location: `${o.open.replace('127.0.0.2', 'other.test')}/echo` }).end(),
  '/slow': () => undefined,
  '/big': (_q, r) => r.end(Buffer.alloc(300_000, 'a')),
  '/bomb': (_q, r) => r.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.concat(Array.from({ length: 64 }, () => gzipSync(Buffer.alloc(1024 * 1024))))),
};
for (let n = 0; n < 8; n += 1) routes[`/hop${n}`] = (_q, r) => r.writeHead(302, { location: `/hop${n + 1}` }).end();

let open: Server;
let closed: Server;
const origins = () => ({ open: `http://127.0.0.2:${(open.address() as AddressInfo).port}`, closed: `http://127.0.0.1:${(closed.address() as AddressInfo).port}` });
const handler: Handler = (q, r, o) => (routes[new URL(q.url!, 'http://x').pathname] ?? ((_a, res) => res.writeHead(404).end()))(q, r, o);

/** other.test and rebind.test → 127.0.0.2; private.test → 127.0.0.1; mixed.test → both; rebind.test later → 127.0.0.1. */
let rebound = false;
const lookup: LookupAll = (hostname, _options, callback) => {
  const table: Record<string, string[]> = {
    'other.test': ['127.0.0.2'],
    'private.test': ['127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'mixed.test': ['127.0.0.2', '127.0.0.1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'rebind.test': [rebound ? '127.0.0.1' : '127.0.0.2'],
  };
  const addresses = table[hostname];
  if (!addresses) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
  callback(null, addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })));
};

const policy: OutboundPolicy = { allowPrivate: ['127.0.0.2'], allowPorts: 'any' };
let client: OutboundClient;

beforeAll(async () => {
  open = await listen('127.0.0.2', handler, origins);
  closed = await listen('127.0.0.1', handler, origins);
  client = createOutboundClient({ policy, lookup, connectTimeoutMs: 2_000 });
});

afterAll(async () => {
  await client.close();
  open.closeAllConnections();
  closed.closeAllConnections();
  await Promise.all([open, closed].map((server) => new Promise((resolve) => server.close(resolve))));
});

const refusal = (url: string, extra: object = {}) => client.request({ url, ...extra }).then(() => 'answered', (error: { code: string; message: string }) => `${error.code}: ${error.message}`);

describe('outbound client', () => {
  it('fetches from an allowed address, by address and by a name resolving to it', async () => {
    const direct = await client.request({ url: `${origins().open}/ok` });
    expect([direct.status, direct.body.toString()]).toEqual([200, 'fine']);
    const named = await client.request({ url: `${origins().open.replace('127.0.0.2', 'other.test')}/ok` });
    expect(named.body.toString()).toBe('fine');
  });

  it('refuses loopback given as a literal, as a name, as a mapped IPv6 name, and a name with one private record', async () => {
    const port = new URL(origins().closed).port;
    expect(await refusal(`${origins().closed}/ok`)).toMatch(/^address: .*127\.0\.0\.1, a loopback address/);
    expect(await refusal(`http://private.test:${port}/ok`)).toMatch(/^address: private\.test resolves to 127\.0\.0\.1, a loopback address/);
    expect(await refusal(`http://mapped.test:${port}/ok`)).toMatch(/^address: mapped\.test resolves to ::ffff:(127\.0\.0\.1|7f00:1), a loopback/);
    expect(await refusal(`http://mixed.test:${port}/ok`)).toMatch(/^address: mixed\.test resolves to 127\.0\.0\.1/);
    expect(await refusal(`http://metadata.test/latest`)).toMatch(/^address: metadata\.test resolves to 169\.254\.169\.254, a cloud metadata/);
  });

  it('checks the address when connecting: a name that rebinds to loopback after a first good answer is refused', async () => {
    const port = new URL(origins().open).port;
    const rebindClient = createOutboundClient({ policy, lookup });
    try {
      rebound = false;
      expect((await rebindClient.request({ url: `http://rebind.test:${port}/ok`, headers: { connection: 'close' } })).status).toBe(200);
      rebound = true;
      await expect(rebindClient.request({ url: `http://rebind.test:${port}/ok` })).rejects.toMatchObject({ code: 'address' });
    } finally {
      rebound = false;
      await rebindClient.close();
    }
  });

  it('never follows a redirect to a private address, a localhost name, the metadata service or another scheme', async () => {
    expect(await refusal(`${origins().open}/to-closed`)).toMatch(/^address: http:\/\/127\.0\.0\.1:\d+ points at 127\.0\.0\.1, a loopback address/);
    expect(await refusal(`${origins().open}/to-localhost`)).toMatch(/^address: .*localhost/);
    expect(await refusal(`${origins().open}/to-metadata`)).toMatch(/^(address|port): /);
    expect(await refusal(`${origins().open}/to-file`)).toMatch(/^scheme: /);
  });

  it('stops redirect loops and long chains', async () => {
    expect(await refusal(`${origins().open}/loop`)).toMatch(/^redirect_loop: redirect loop: .*\/loop was already visited/);
    expect(await refusal(`${origins().open}/hop0`)).toBe('too_many_redirects: more than 5 redirects');
    const three = await client.request({ url: `${origins().open}/hop5`, maxRedirects: 3 }).catch((error: Error) => error);
    expect(three).toMatchObject({ status: 404 });
  });

  it('turns a POST into a GET on 303 unless keepMethod, and keeps it on 307 while dropping credentials across origins', async () => {
    const seeOther = await client.request({ url: `${origins().open}/see-other`, method: 'POST', body: 'x' });
    expect(JSON.parse(seeOther.body.toString())).toMatchObject({ method: 'GET', body: '' });
    const kept = await client.request({ url: `${origins().open}/see-other`, method: 'POST', body: 'x', keepMethod: true });
    expect(kept.status).toBe(303);
    const crossOrigin = await client.request({ url: `${origins().open}/keep`, method: 'POST', body: 'signed', headers: { authorization: 'Bearer x' }, keepMethod: true });
    expect(JSON.parse(crossOrigin.body.toString())).toEqual({ method: 'POST', body: 'signed', authorization: null, url: '/echo' });
    expect(crossOrigin.redirects).toHaveLength(1);
  });

  it('sends credentials of the URL as basic auth, not in the request line', async () => {
    const answer = await client.request({ url: origins().open.replace('http://', 'http://n8n:p%40ss@') + '/echo' });
    expect(JSON.parse(answer.body.toString())).toMatchObject({ authorization: `Basic ${Buffer.from('n8n:p@ss').toString('base64')}`, url: '/echo' });
    const unfollowed = await client.request({ url: `${origins().open}/see-other`, maxRedirects: 0 });
    expect(unfollowed.status).toBe(303);
  });

  it('gives up on a slow answer, a refused connection and an unknown name, in words', async () => {
    expect(await refusal(`${origins().open}/slow`, { timeoutMs: 300 })).toBe('timeout: the request took too long');
    const unused = createServer();
    await new Promise<void>((resolve) => unused.listen(0, '127.0.0.2', resolve));
    const port = (unused.address() as AddressInfo).port;
    await new Promise((resolve) => unused.close(resolve));
    expect(await refusal(`http://127.0.0.2:${port}/`)).toBe('connect: the connection was refused');
    expect(await refusal('http://nowhere.test/')).toBe('dns: the host name does not resolve');
  });

  it('limits the body, decoded: a big answer and a gzip bomb fail, or are cut when truncating', async () => {
    expect(await refusal(`${origins().open}/big`, { maxBytes: 100_000 })).toBe('too_large: the answer is larger than 100000 bytes');
    expect(await refusal(`${origins().open}/bomb`, { maxBytes: 1_000_000 })).toBe('too_large: the answer is larger than 1000000 bytes');
    const cut = await client.request({ url: `${origins().open}/big`, maxBytes: 1_000, truncate: true });
    expect(cut.body.length).toBe(1_000);
  });

  it('refuses ports other than 80 and 443 when the setting does not open them', async () => {
    const strict = createOutboundClient({ policy: { allowPrivate: ['127.0.0.2'], allowPorts: [] }, lookup });
    try {
      expect(await strict.request({ url: `${origins().open}/ok` }).then(() => 'answered', (error: { code: string }) => error.code)).toBe('port');
    } finally {
      await strict.close();
    }
  });
});

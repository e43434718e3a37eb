import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storageApiObjectStore } from './object-store';

/**
 * The asset jobs' way to Storage, as `npm start` and `npm run worker` run it: on Node 20 without a global WebSocket
 * (the flag only the test runner sets). A small HTTP server answers as Storage does and records what it was asked.
 */
let server: Server;
let url: string;
const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      seen.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body });
      if (request.method === 'GET' && request.url === '/storage/v1/object/assets/w/a/v/file.png') return response.end('the bytes');
      if (request.method === 'GET') {
        response.writeHead(400, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ statusCode: '404', error: 'not_found', message: 'Object not found' }));
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(request.method === 'DELETE' ? '[]' : JSON.stringify({ Key: 'x', Id: 'y' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  vi.stubGlobal('WebSocket', undefined);
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe('storageApiObjectStore', () => {
  it('reads, writes and removes through Storage’s API with the service key, with no WebSocket in sight', async () => {
    expect(globalThis.WebSocket).toBeUndefined();
    const store = storageApiObjectStore(url, 'service-key');
    expect((await store.download('assets', 'w/a/v/file.png'))?.toString()).toBe('the bytes');
    expect(await store.download('assets', 'w/a/v/gone.png')).toBeNull();
    await store.upload('assets', 'w/a/v/variants/thumb.webp', Buffer.from('webp'), 'image/webp');
    await store.remove('assets', ['w/a/v/file.png']);
    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /storage/v1/object/assets/w/a/v/file.png',
      'GET /storage/v1/object/assets/w/a/v/gone.png',
      'POST /storage/v1/object/assets/w/a/v/variants/thumb.webp',
      'DELETE /storage/v1/object/assets',
    ]);
    expect(new Set(seen.map((call) => call.authorization))).toEqual(new Set(['Bearer service-key']));
    expect(seen[2]!.body).toBe('webp');
    expect(JSON.parse(seen[3]!.body)).toEqual({ prefixes: ['w/a/v/file.png'] });
  });
});

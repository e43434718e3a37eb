import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveApiKeys } from '../../server/src/lib/api-keys';
import { inject } from 'vitest';
import { site } from '../../src/config/site';
import { seedStorage } from '../../server/src/modules/storage/storage-seed';
import { STORAGE_SEED_DIR } from '../../server/src/project-paths';
import { createDatabaseFromTemplate } from '../support/cluster';
import { rawHttp } from '../support/raw-http';
import { spawnServer } from '../support/spawn-server';
import { startTestServer, type TestServer } from '../support/test-server';

/** Public objects through supabase-js's getPublicUrl, as the site's audio element fetches them (contract §5). */

let server: TestServer;
let seedBytes: Buffer;
let audioUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  await seedStorage(server.sql, server.config.storageDir, STORAGE_SEED_DIR);
  seedBytes = await readFile(path.join(STORAGE_SEED_DIR, site.audio.bucket, site.audio.path));
  audioUrl = server.client().storage.from(site.audio.bucket).getPublicUrl(site.audio.path).data.publicUrl;
});

afterAll(async () => {
  await server?.close();
});

describe('the seed recording', () => {
  it('is a real MP3 of a few seconds, shipped in the repository', () => {
    expect(seedBytes.length).toBeGreaterThan(20_000);
    expect(seedBytes.length).toBeLessThan(200_000);
    // ID3 tag, then MPEG audio frames.
    expect(seedBytes.subarray(0, 3).toString('latin1')).toBe('ID3');
  });

  it('getPublicUrl points at /storage/v1/object/public/audio/<file>', () => {
    expect(audioUrl).toBe(`${server.url}/storage/v1/object/public/audio/beyond-brochures.mp3`);
  });
});

describe('GET /storage/v1/object/public/<bucket>/<path>', () => {
  it('serves the whole object without any key, with the headers an audio element needs', async () => {
    const response = await fetch(audioUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(seedBytes)).toBe(true);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('content-length')).toBe(String(seedBytes.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    // The ETag names the stored version (STORAGE_FILE_ETAG_ALGORITHM=version, the default; md5 in storage-client).
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Date.parse(response.headers.get('last-modified')!)).not.toBeNaN();
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  it('answers Range requests with 206 and the exact bytes (seeking)', async () => {
    const first = await fetch(audioUrl, { headers: { range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${seedBytes.length}`);
    expect(first.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await first.arrayBuffer()).equals(seedBytes.subarray(0, 100))).toBe(true);

    const tail = await fetch(audioUrl, { headers: { range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${seedBytes.length - 10}-${seedBytes.length - 1}/${seedBytes.length}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(seedBytes.subarray(-10))).toBe(true);

    const open = await fetch(audioUrl, { headers: { range: `bytes=${seedBytes.length - 5}-` } });
    expect([open.status, (await open.arrayBuffer()).byteLength]).toEqual([206, 5]);
  });

  it('answers a range past the end with 416 and bytes */size', async () => {
    const response = await fetch(audioUrl, { headers: { range: `bytes=${seedBytes.length}-` } });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${seedBytes.length}`);
  });

  it('HEAD gives the headers without the body', async () => {
    const response = await fetch(audioUrl, { method: 'HEAD' });
    expect([response.status, response.headers.get('content-length'), (await response.arrayBuffer()).byteLength]).toEqual([
      200,
      String(seedBytes.length),
      0,
    ]);
  });

  it('revalidates with ETag and Last-Modified (304)', async () => {
    const first = await fetch(audioUrl);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    const byTag = await fetch(audioUrl, { headers: { 'if-none-match': etag } });
    expect([byTag.status, (await byTag.arrayBuffer()).byteLength]).toEqual([304, 0]);
    const byDate = await fetch(audioUrl, { headers: { 'if-modified-since': lastModified } });
    expect(byDate.status).toBe(304);
    const changed = await fetch(audioUrl, { headers: { 'if-none-match': '"other"' } });
    expect(changed.status).toBe(200);
  });

  it('a changed object gets a new ETag', async () => {
    const service = createClient(server.url, server.serviceRoleKey, { auth: { persistSession: false } }).storage.from('audio');
    expect((await service.upload('changing.txt', 'one', { contentType: 'text/plain' })).error).toBeNull();
    const url = server.client().storage.from('audio').getPublicUrl('changing.txt').data.publicUrl;
    const before = (await fetch(url)).headers.get('etag');
    expect((await service.upload('changing.txt', 'two!', { contentType: 'text/plain', upsert: true })).error).toBeNull();
    const after = await fetch(url);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(await after.text()).toBe('two!');
    expect((await service.remove(['changing.txt'])).error).toBeNull();
  });

  it('serves ?download= as an attachment', async () => {
    const response = await fetch(`${audioUrl}?download=intro.mp3`);
    expect(response.headers.get('content-disposition')).toBe("attachment; filename=intro.mp3; filename*=UTF-8''intro.mp3");
  });
});

describe('errors, as Supabase Storage answers them', () => {
  it('a missing object: 400 with statusCode 404 NoSuchKey, no-store', async () => {
    const response = await fetch(`${server.url}/storage/v1/object/public/audio/missing.mp3`);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
  });

  it('storage-js surfaces it as an error with status 400', async () => {
    const { data, error } = await server.client().storage.from('audio').download('missing.mp3');
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });

  it('a missing bucket, or one not marked public, is NoSuchBucket', async () => {
    const missing = await fetch(`${server.url}/storage/v1/object/public/nope/x.mp3`);
    expect([missing.status, await missing.json()]).toEqual([
      400,
      { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' },
    ]);
    try {
      await server.sql`update storage.buckets set public = false where id = 'audio'`;
      const hidden = await fetch(audioUrl);
      expect([hidden.status, ((await hidden.json()) as { code: string }).code]).toEqual([400, 'NoSuchBucket']);
    } finally {
      await server.sql`update storage.buckets set public = true where id = 'audio'`;
    }
    expect((await fetch(audioUrl)).status).toBe(200);
  });

  it.each([
    '/storage/v1/object/public/audio/../buckets.json',
    '/storage/v1/object/public/audio/..%2fbuckets.json',
    '/storage/v1/object/public/audio/%2e%2e/buckets.json',
    '/storage/v1/object/public/audio/%2E%2E%2Fbuckets.json',
    '/storage/v1/object/public/audio/%252e%252e%252fbuckets.json',
    '/storage/v1/object/public/audio/..%5cbuckets.json',
    '/storage/v1/object/public/audio/..\\buckets.json',
    '/storage/v1/object/public/audio/beyond-brochures.mp3%00.txt',
    '/storage/v1/object/public/audio/./beyond-brochures.mp3',
    '/storage/v1/object/public/audio//beyond-brochures.mp3',
    '/storage/v1/object/public/../../../../etc/passwd',
    '/storage/v1/object/public/%2e%2e/%2e%2e/etc/passwd',
    '/storage/v1/object/public/audio/../../postgres-password',
    '/storage/v1/object/public/audio/../../jwt-secret',
  ])('refuses the traversal %s (4xx, nothing served)', async (target) => {
    const response = await rawHttp(server.url, 'GET', target);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.text).not.toContain('"audio"');
    expect(response.text).not.toContain('root:');
    expect(response.text).not.toContain(server.jwtSecret);
  });

  it('routes this server does not have are 404 (the S3 protocol), its API routes need a key', async () => {
    expect((await fetch(`${server.url}/storage/v1/s3/audio/x.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/storage/v1/bucket/audio`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('first start', () => {
  it('adds the seed to storage once and never overwrites what an operator replaced', async () => {
    const db = await createDatabaseFromTemplate(inject('cluster'));
    const dataDir = path.join(server.config.dataDir, 'process');
    const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'a-long-enough-password' };
    // A file an earlier version kept as a plain file under STORAGE_DIR/<bucket>/ becomes an object at the first start.
    await mkdir(path.join(dataDir, 'storage', 'audio', 'earlier'), { recursive: true });
    await writeFile(path.join(dataDir, 'storage', 'audio', 'earlier', 'jingle.mp3'), seedBytes.subarray(0, 1000));
    try {
      const first = spawnServer(env);
      const url = await first.ready;
      expect(first.output()).toContain('storage: added audio/beyond-brochures.mp3');
      const earlier = await fetch(`${url}/storage/v1/object/public/audio/earlier/jingle.mp3`);
      expect([earlier.status, (await earlier.arrayBuffer()).byteLength]).toEqual([200, 1000]);
      expect(existsSync(path.join(dataDir, 'storage', 'audio', 'earlier', 'jingle.mp3'))).toBe(false);
      const served = await fetch(`${url}/storage/v1/object/public/audio/beyond-brochures.mp3`);
      expect(Buffer.from(await served.arrayBuffer()).equals(seedBytes)).toBe(true);
      const keys = await deriveApiKeys((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim());
      const operator = createClient(url, keys.serviceRoleKey, { auth: { persistSession: false } }).storage.from('audio');
      expect((await operator.upload('beyond-brochures.mp3', 'replaced by the operator', { upsert: true, contentType: 'audio/mpeg' })).error).toBeNull();
      first.child.kill('SIGTERM');
      await first.exited;

      const second = spawnServer(env);
      const secondUrl = await second.ready;
      expect(second.output()).not.toContain('storage: added');
      expect(await (await fetch(`${secondUrl}/storage/v1/object/public/audio/beyond-brochures.mp3`)).text()).toBe('replaced by the operator');
      second.child.kill('SIGTERM');
      await second.exited;
    } finally {
      await db.drop();
    }
  });
});

import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageWorld, FILES, type StorageWorld } from '../support/storage-world';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Resumable uploads over TUS at /storage/v1/upload/resumable with tus-js-client, configured as Supabase's guide
 * configures it (6 MB chunks, bucketName/objectName/contentType/cacheControl metadata, x-upsert), through a TCP
 * proxy that drops every connection mid-upload. Storage behaviour mirrored: src/http/routes/tus/index.ts and
 * lifecycle.ts (canUpload on every write, the upload becomes the object when its last byte arrives). Also: an
 * interrupted plain upload leaves no half object, no part file and no row.
 */

const CHUNK = 6 * 1024 * 1024;
let server: TestServer;
let world: StorageWorld;
let proxy: TcpProxy;

beforeAll(async () => {
  server = await startTestServer();
  world = await createStorageWorld(server);
  proxy = await startTcpProxy(server.url);
});

afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

interface Sent {
  method: string;
  status: number;
  offset: string | null;
}

function resumable(bytes: Buffer, objectName: string, token: string, options: { onChunk?: (sent: number) => void; sent?: Sent[] } = {}) {
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: `${proxy.url.replace(/\/$/, '')}/storage/v1/upload/resumable`,
      retryDelays: [0, 100, 300, 1000],
      headers: { authorization: `Bearer ${token}`, apikey: server.anonKey, 'x-upsert': 'true' },
      uploadDataDuringCreation: true,
      removeFingerprintOnSuccess: true,
      metadata: { bucketName: FILES, objectName, contentType: 'video/mp4', cacheControl: '3600' },
      chunkSize: CHUNK,
      onProgress: (sent) => options.onChunk?.(sent),
      onAfterResponse: (request, response) => {
        options.sent?.push({ method: request.getMethod(), status: response.getStatus(), offset: request.getHeader('Upload-Offset') ?? null });
      },
      onError: reject,
      onSuccess: () => resolve(upload.url ?? ''),
    });
    upload.start();
  });
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe('TUS resumable uploads', () => {
  it('a 30 MB video survives dropped connections: it resumes from its offset and becomes the object', async () => {
    const video = randomBytes(30 * 1024 * 1024);
    const name = `${world.workspace1}/video/launch.mp4`;
    const sent: Sent[] = [];
    let cuts = 0;
    const url = await resumable(video, name, world.member.session.accessToken, {
      sent,
      onChunk: (bytes) => {
        // Cut every connection twice, mid-upload (the proxy keeps accepting new ones).
        if ((cuts === 0 && bytes > 8 * 1024 * 1024) || (cuts === 1 && bytes > 20 * 1024 * 1024)) {
          cuts += 1;
          void proxy.setMode('pass');
        }
      },
    });
    expect(cuts).toBe(2);
    expect(url).toMatch(/\/storage\/v1\/upload\/resumable\/[A-Za-z0-9_-]+$/);
    expect(Buffer.from(new URL(url).pathname.split('/').pop()!, 'base64url').toString()).toMatch(new RegExp(`^${FILES}/${name}/[0-9a-f-]{36}$`));
    // One upload created; after each cut the client asked for the offset (HEAD) and went on from there.
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(sent.filter((request) => request.method === 'HEAD').length).toBeGreaterThanOrEqual(1);
    // Each resumption starts where the server's HEAD said, never at 0 again.
    const patches = sent.filter((request) => request.method === 'PATCH').map((request) => Number(request.offset));
    expect(patches.every((offset, index) => index === 0 || offset > patches[index - 1]!)).toBe(true);
    expect(patches[0]).toBeGreaterThan(0);

    const downloaded = await world.viewer.client.storage.from(FILES).download(name);
    expect(md5(Buffer.from(await downloaded.data!.arrayBuffer()))).toBe(md5(video));
    expect((await world.viewer.client.storage.from(FILES).info(name)).data).toMatchObject({ size: video.length, cacheControl: 'max-age=3600' });
    expect(await readdir(path.join(server.config.storageDir, '.resumable'))).toEqual([]);
  });

  it('keeps the bytes of a chunk cut half-way: HEAD tells the offset, the rest follows, and the object is whole', async () => {
    const bytes = randomBytes(CHUNK + 1000);
    const name = `${world.workspace1}/video/cut.mp4`;
    const auth = { apikey: server.anonKey, authorization: `Bearer ${world.member.session.accessToken}`, 'tus-resumable': '1.0.0' };
    const metadata = [`bucketName ${Buffer.from(FILES).toString('base64')}`, `objectName ${Buffer.from(name).toString('base64')}`].join(',');
    const created = await fetch(`${server.url}/storage/v1/upload/resumable`, { method: 'POST', headers: { ...auth, 'upload-length': String(bytes.length), 'upload-metadata': metadata } });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!);
    // A PATCH of the whole file whose connection drops after 2 MB.
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(location.port), location.hostname, () => {
        socket.write(
          `PATCH ${location.pathname} HTTP/1.1\r\nHost: ${location.host}\r\n${Object.entries(auth).map(([key, value]) => `${key}: ${value}\r\n`).join('')}` +
            `upload-offset: 0\r\ncontent-type: application/offset+octet-stream\r\ncontent-length: ${bytes.length}\r\n\r\n`,
        );
        socket.write(bytes.subarray(0, 2 * 1024 * 1024), () => setTimeout(() => socket.destroy(), 300));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => {});
    });
    let offset = 0;
    for (let attempt = 0; attempt < 50 && offset === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      offset = Number((await fetch(location, { method: 'HEAD', headers: auth })).headers.get('upload-offset'));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(2 * 1024 * 1024);
    const rest = await fetch(location, {
      method: 'PATCH',
      headers: { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(offset),
    });
    expect(rest.status).toBe(204);
    const downloaded = await world.member.client.storage.from(FILES).download(name);
    expect(md5(Buffer.from(await downloaded.data!.arrayBuffer()))).toBe(md5(bytes));
  });

  it('an upload URL names its object: used for another object it is not found', async () => {
    const auth = { apikey: server.anonKey, authorization: `Bearer ${world.member.session.accessToken}`, 'tus-resumable': '1.0.0' };
    const metadata = [`bucketName ${Buffer.from(FILES).toString('base64')}`, `objectName ${Buffer.from(`${world.workspace1}/a.mp4`).toString('base64')}`].join(',');
    const created = await fetch(`${server.url}/storage/v1/upload/resumable`, { method: 'POST', headers: { ...auth, 'upload-length': '5', 'upload-metadata': metadata } });
    const id = Buffer.from(new URL(created.headers.get('location')!).pathname.split('/').pop()!, 'base64url').toString().split('/').pop();
    const other = Buffer.from(`${FILES}/${world.workspace2}/b.mp4/${id}`).toString('base64url');
    const patch = await fetch(`${server.url}/storage/v1/upload/resumable/${other}`, {
      method: 'PATCH',
      headers: { ...auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: 'xxxxx',
    });
    expect(patch.status).toBe(404);
    expect(await server.sql`select name from storage.objects where name like ${`${world.workspace2}%`}`).toEqual([]);
  });

  it('asks the caller’s policies: a viewer and another workspace’s member cannot start one', async () => {
    for (const person of [world.viewer, world.outsider]) {
      const error = await resumable(Buffer.from('x'), `${world.workspace1}/video/planted.mp4`, person.session.accessToken).then(
        () => undefined,
        (failure: Error) => failure.message,
      );
      expect(error).toContain('response code: 403');
      expect(error).toContain('new row violates row-level security policy');
    }
    expect(await server.sql`select name from storage.objects where name like '%planted%'`).toEqual([]);
  });
});

describe('an interrupted plain upload', () => {
  it('leaves no half object, no part file and no row', async () => {
    const name = `${world.workspace1}/broken.bin`;
    const before = await readdir(path.join(server.config.storageDir, 'objects'), { recursive: true });
    await new Promise<void>((resolve) => {
      const url = new URL(server.url);
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST /storage/v1/object/${FILES}/${name} HTTP/1.1\r\nHost: ${url.host}\r\napikey: ${server.anonKey}\r\n` +
            `authorization: Bearer ${world.member.session.accessToken}\r\ncontent-type: application/octet-stream\r\ncontent-length: ${10 * 1024 * 1024}\r\n\r\n`,
        );
        socket.write(randomBytes(1024 * 1024), () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => {});
    });
    // The server notices the closed connection and cleans up; give it a moment (bounded).
    for (let attempt = 0; attempt < 50 && (await readdir(path.join(server.config.storageDir, '.uploads'))).length > 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await readdir(path.join(server.config.storageDir, '.uploads'))).toEqual([]);
    expect(await readdir(path.join(server.config.storageDir, 'objects'), { recursive: true })).toEqual(before);
    expect(await server.sql`select name from storage.objects where name = ${name}`).toEqual([]);
  });
});

import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUrlToken } from '../../server/src/modules/storage/signed-urls';
import { rawHttp } from '../support/raw-http';
import { createStorageWorld, FILES, type StorageWorld } from '../support/storage-world';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Image transformations through the real supabase-js client (download, getPublicUrl and createSignedUrl with
 * `transform`), mirroring Storage's src/http/routes/render/*.ts and src/storage/renderer/image.ts (imgproxy there,
 * sharp here). Every image that comes back is measured with sharp: its real width, height and format.
 */

let server: TestServer;
let world: StorageWorld;
let folder: string;
let photo: string;
const GALLERY = 'gallery';

/** A 400 × 300 JPEG. */
const jpeg = () => sharp({ create: { width: 400, height: 300, channels: 3, background: '#c33' } }).jpeg().toBuffer();

/** A PNG whose header says 30,000 × 30,000 pixels (900 MP) in a few hundred bytes: a decompression bomb. */
function bombPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from('89504e470d0a1a0a', 'hex');
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(30001 * 3 * 4))), chunk('IEND', Buffer.alloc(0))]);
}

async function measure(body: ArrayBuffer | Blob) {
  const bytes = Buffer.from(body instanceof Blob ? await body.arrayBuffer() : body);
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
}

const files = () => world.member.client.storage.from(FILES);
const bearer = (token: string) => ({ apikey: server.anonKey, authorization: `Bearer ${token}` });
const renderUrl = (name: string, query: string) => `${server.url}/storage/v1/render/image/authenticated/${FILES}/${name}?${query}`;
async function failure(response: Response) {
  return [response.status, (await response.json()) as Record<string, string>] as const;
}

beforeAll(async () => {
  server = await startTestServer();
  world = await createStorageWorld(server);
  folder = world.workspace1;
  photo = `${folder}/photos/team.jpg`;
  expect((await files().upload(photo, await jpeg(), { contentType: 'image/jpeg', cacheControl: '300' })).error).toBeNull();
  expect((await files().upload(`${folder}/notes.txt`, 'not an image', { contentType: 'text/plain' })).error).toBeNull();
  expect((await files().upload(`${folder}/bomb.png`, bombPng(), { contentType: 'image/png' })).error).toBeNull();
  await world.service.storage.createBucket(GALLERY, { public: true });
  expect((await world.service.storage.from(GALLERY).upload('cover.jpg', await jpeg(), { contentType: 'image/jpeg', cacheControl: '3600' })).error).toBeNull();
});

afterAll(async () => {
  await server?.close();
});

describe('download with transform (renderAuthenticatedImage.ts: /render/image/authenticated)', () => {
  it('resizes as the caller may read it: cover crops to the box, contain fits inside, fill stretches', async () => {
    const cover = await files().download(photo, { transform: { width: 100, height: 100 } });
    expect(cover.error).toBeNull();
    expect(await measure(cover.data!)).toEqual({ width: 100, height: 100, format: 'jpeg' });
    const contain = await files().download(photo, { transform: { width: 100, height: 100, resize: 'contain' } });
    expect(await measure(contain.data!)).toEqual({ width: 100, height: 75, format: 'jpeg' });
    const fill = await files().download(photo, { transform: { width: 50, height: 100, resize: 'fill', quality: 50 } });
    expect(await measure(fill.data!)).toEqual({ width: 50, height: 100, format: 'jpeg' });
  });

  it('sends WebP when the Accept header allows it, the source’s format for format=origin; Storage’s headers', async () => {
    const headers = { ...bearer(world.member.session.accessToken), accept: 'image/avif,image/webp,*/*' };
    const webp = await fetch(renderUrl(photo, 'width=200'), { headers });
    expect([webp.status, webp.headers.get('content-type'), webp.headers.get('cache-control'), webp.headers.get('x-transformations')]).toEqual([200, 'image/webp', 'max-age=300', 'width:200,resizing_type:fill']);
    expect(await measure(await webp.arrayBuffer())).toEqual({ width: 200, height: 150, format: 'webp' });
    const origin = await fetch(renderUrl(photo, 'width=200&format=origin&download=small.jpg'), { headers });
    expect([origin.headers.get('content-type'), origin.headers.get('content-disposition')]).toEqual(['image/jpeg', "attachment; filename=small.jpg; filename*=UTF-8''small.jpg"]);
    expect(await measure(await origin.arrayBuffer())).toEqual({ width: 200, height: 150, format: 'jpeg' });
    const small = await files().download(photo, { transform: { width: 40 } });
    expect((await measure(small.data!)).width).toBe(40);
  });

  it('decides access as a download: the viewer reads, another workspace and the anon key find nothing', async () => {
    expect((await world.viewer.client.storage.from(FILES).download(photo, { transform: { width: 10 } })).error).toBeNull();
    expect((await world.outsider.client.storage.from(FILES).download(photo, { transform: { width: 10 } })).error).toMatchObject({ status: 400, statusCode: '404' });
    expect((await world.anon.storage.from(FILES).download(photo, { transform: { width: 10 } })).error).toMatchObject({ status: 400 });
    const noToken = await fetch(renderUrl(photo, 'width=10'), { headers: { apikey: server.anonKey, authorization: 'Bearer not-a-token' } });
    expect((await failure(noToken))[1]).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
  });

  it('bad input is a clear 400 with Storage’s words, never a 5xx', async () => {
    const headers = bearer(world.member.session.accessToken);
    expect(await failure(await fetch(renderUrl(photo, 'width=abc'), { headers }))).toEqual([400, { statusCode: '400', code: 'InvalidRequest', error: 'InvalidRequest', message: 'querystring/width must be integer' }]);
    expect((await failure(await fetch(renderUrl(photo, 'width=-5'), { headers })))[1].message).toBe('querystring/width must be >= 0');
    expect((await failure(await fetch(renderUrl(photo, 'quality=5'), { headers })))[1].message).toBe('querystring/quality must be >= 20');
    expect((await failure(await fetch(renderUrl(photo, 'resize=crop'), { headers })))[1].message).toBe('querystring/resize must be equal to one of the allowed values');
    expect((await failure(await fetch(renderUrl(`${folder}/notes.txt`, 'width=10'), { headers })))[1]).toMatchObject({ statusCode: '400', message: 'The source image is invalid or unsupported for rendering' });
    expect((await failure(await fetch(renderUrl(`${folder}/missing.jpg`, 'width=10'), { headers })))[1]).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });

  it('as Storage, width=0 means no width and a huge width is clamped to 2000 (never enlarged past the source)', async () => {
    expect(await measure((await files().download(photo, { transform: { height: 60, width: 0 } })).data!)).toEqual({ width: 80, height: 60, format: 'jpeg' });
    const huge = await fetch(renderUrl(photo, 'width=999999999&height=0'), { headers: bearer(world.member.session.accessToken) });
    expect([huge.status, huge.headers.get('x-transformations')]).toEqual([200, 'width:2000,resizing_type:fill']);
    expect((await measure(await huge.arrayBuffer())).width).toBe(400);
  });

  it('refuses a decompression bomb from its header, and the server keeps answering', async () => {
    const bomb = await files().download(`${folder}/bomb.png`, { transform: { width: 100 } });
    expect(bomb.error).toMatchObject({ status: 400, statusCode: '400', message: 'The source image resolution is too large to process' });
    expect((await files().download(photo, { transform: { width: 20 } })).error).toBeNull();
  });
});

describe('getPublicUrl with transform (renderPublicImage.ts: /render/image/public)', () => {
  it('the URL renders a public bucket’s image signed out, with the object’s Cache-Control', async () => {
    const url = world.anon.storage.from(GALLERY).getPublicUrl('cover.jpg', { transform: { width: 200, height: 50, resize: 'contain' } }).data.publicUrl;
    expect(url).toBe(`${server.url}/storage/v1/render/image/public/${GALLERY}/cover.jpg?width=200&height=50&resize=contain`);
    const response = await fetch(url);
    expect([response.status, response.headers.get('content-type'), response.headers.get('cache-control')]).toEqual([200, 'image/jpeg', 'max-age=3600']);
    expect(await measure(await response.arrayBuffer())).toEqual({ width: 67, height: 50, format: 'jpeg' });
  });

  it('a private bucket has no public render URL', async () => {
    const hidden = await fetch(world.anon.storage.from(FILES).getPublicUrl(photo, { transform: { width: 10 } }).data.publicUrl);
    expect((await failure(hidden))).toEqual([400, expect.objectContaining({ statusCode: '404', code: 'NoSuchBucket' })]);
  });
});

describe('createSignedUrl with transform (getSignedURL.ts, renderSignedImage.ts: /render/image/sign)', () => {
  it('signs the transformation into the token: the URL renders it signed out, whatever the query says', async () => {
    const signed = await files().createSignedUrl(photo, 60, { transform: { width: 120, height: 120, resize: 'cover', format: 'origin' } });
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain(`/storage/v1/render/image/sign/${FILES}/${photo}?token=`);
    const opened = await fetch(signed.data!.signedUrl);
    expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Date.parse(opened.headers.get('expires')!)).toBeGreaterThan(Date.now());
    expect(await measure(await opened.arrayBuffer())).toEqual({ width: 120, height: 120, format: 'jpeg' });
    const overridden = await fetch(`${signed.data!.signedUrl}&width=10`);
    expect((await measure(await overridden.arrayBuffer())).width).toBe(120);
  });

  it('a bad transform is refused when signing; without a transform the URL is the plain signed download', async () => {
    const bad = await fetch(`${server.url}/storage/v1/object/sign/${FILES}/${photo}`, {
      method: 'POST',
      headers: { ...bearer(world.member.session.accessToken), 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60, transform: { width: 'wide' } }),
    });
    expect((await failure(bad))[1]).toMatchObject({ statusCode: '400', message: 'body/transform/width must be integer' });
    expect((await files().createSignedUrl(photo, 60, { transform: {} })).data!.signedUrl).toContain('/object/sign/');
  });

  it('a signed render URL opens its one object only, until it expires, and only as signed', async () => {
    const signed = await files().createSignedUrl(photo, 60, { transform: { width: 30 } });
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const elsewhere = await fetch(`${server.url}/storage/v1/render/image/sign/${FILES}/${folder}/notes.txt?token=${token}`);
    expect((await failure(elsewhere))[1]).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, transformations: 'width:2000' })).toString('base64url');
    const forged = await fetch(`${server.url}/storage/v1/render/image/sign/${FILES}/${photo}?token=${header}.${tampered}.${signature}`);
    expect((await failure(forged))[1]).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
    const old = await signUrlToken({ url: `${FILES}/${photo}`, scope: 'download', transformations: 'width:30' }, server.jwtSecret, 60, Date.now() - 3600_000);
    const expired = await fetch(`${server.url}/storage/v1/render/image/sign/${FILES}/${photo}?token=${old}`);
    expect((await failure(expired))[1]).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: '"exp" claim timestamp check failed' });
    const traversal = await rawHttp(server.url, 'GET', `/storage/v1/render/image/sign/${FILES}/${folder}/photos/%2e%2e/photos/team.jpg?token=${token}`);
    expect([traversal.status, JSON.parse(traversal.text).code]).toEqual([400, 'InvalidKey']);
    const missing = await fetch(`${server.url}/storage/v1/render/image/sign/${FILES}/${photo}`);
    expect((await failure(missing))[1]).toMatchObject({ message: "querystring must have required property 'token'" });
  });
});

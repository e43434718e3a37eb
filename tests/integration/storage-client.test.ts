import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createStorageWorld, FILES, type StorageWorld } from '../support/storage-world';

/**
 * Every call supabase-js's storage client makes, through the real client against the real server, as a workspace
 * member on a private bucket of the tests' own (`files`: members write their workspace's folder, viewers read; row-level
 * security decides, as on Supabase). Each test names the Storage
 * route (supabase/storage src/http/routes/…) whose behaviour it mirrors.
 */

let server: TestServer;
let world: StorageWorld;
let folder: string;
const md5 = (bytes: Buffer | string) => `"${createHash('md5').update(bytes).digest('hex')}"`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  // Storage's default ETag: the MD5 of the bytes (this server's default names the write instead: storage-public).
  server = await startTestServer({ STORAGE_FILE_ETAG_ALGORITHM: 'md5' });
  world = await createStorageWorld(server);
  folder = world.workspace1;
});

afterAll(async () => {
  await server?.close();
});

const files = () => world.member.client.storage.from(FILES);
const rowsNamed = (name: string) => server.sql`select name, owner_id, version, metadata from storage.objects where bucket_id = 'files' and name = ${name}`;
async function versionFiles(): Promise<string[]> {
  const root = path.join(server.config.storageDir, 'objects');
  const shards = await readdir(root).catch(() => []);
  return (await Promise.all(shards.map((shard) => readdir(path.join(root, shard))))).flat();
}

describe('upload (createObject.ts, uploader.ts)', () => {
  it('takes a raw body with its content type, cache control and metadata; answers { id, path, fullPath }', async () => {
    const name = `${folder}/notes/brief.txt`;
    const uploaded = await files().upload('/' + name, 'campaign brief', { contentType: 'text/plain', cacheControl: '60', metadata: { tag: 'brief' } });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: name, fullPath: `${FILES}/${name}`, id: expect.any(String) });
    const info = await files().info(name);
    expect(info.data).toMatchObject({ name, bucketId: FILES, size: 14, contentType: 'text/plain', cacheControl: 'max-age=60', etag: md5('campaign brief'), metadata: { tag: 'brief' } });
    expect((await rowsNamed(name))[0]).toMatchObject({ owner_id: world.member.id });
  });

  it('takes a browser Blob and a FormData (multipart), the form’s cacheControl and metadata too', async () => {
    const blob = await files().upload(`${folder}/logo.png`, new Blob([PNG], { type: 'image/png' }), { cacheControl: '120', metadata: { alt: 'Logo' } });
    expect(blob.error).toBeNull();
    expect((await files().info(`${folder}/logo.png`)).data).toMatchObject({ contentType: 'image/png', cacheControl: 'max-age=120', metadata: { alt: 'Logo' }, size: PNG.length });
    const form = new FormData();
    form.append('', new Blob(['from a form'], { type: 'text/plain' }), 'form.txt');
    expect((await files().upload(`${folder}/form.txt`, form)).error).toBeNull();
    expect(await (await files().download(`${folder}/form.txt`)).data?.text()).toBe('from a form');
  });

  it('refuses a second upload of a name (409) unless x-upsert; an upsert replaces and its old bytes go', async () => {
    const name = `${folder}/replace.txt`;
    expect((await files().upload(name, 'one', { contentType: 'text/plain' })).error).toBeNull();
    const again = await files().upload(name, 'two', { contentType: 'text/plain' });
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    const [before] = await rowsNamed(name);
    expect((await files().upload(name, 'three', { contentType: 'text/plain', upsert: true })).error).toBeNull();
    expect((await files().update(name, 'four', { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await files().download(name)).data?.text()).toBe('four');
    expect(await versionFiles()).not.toContain(before!.version);
  });

  it('applies the bucket’s file_size_limit (413) and allowed_mime_types (415) before storing anything', async () => {
    await world.service.storage.createBucket('limited', { public: false, fileSizeLimit: 10, allowedMimeTypes: ['image/*'] });
    const limited = world.service.storage.from('limited');
    expect((await limited.upload('big.png', PNG.subarray(0, 11), { contentType: 'image/png' })).error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect((await limited.upload('page.html', '<h1>x</h1>', { contentType: 'text/html' })).error).toMatchObject({ statusCode: '415', message: 'mime type text/html is not supported' });
    expect((await limited.upload('ok.png', PNG.subarray(0, 8), { contentType: 'image/png' })).error).toBeNull();
    expect(await server.sql`select name from storage.objects where bucket_id = 'limited'`).toEqual([{ name: 'ok.png' }]);
  });

  it('decides the type by the bytes: a PNG declared as text is served as image/png', async () => {
    expect((await files().upload(`${folder}/disguised.txt`, PNG, { contentType: 'text/plain' })).error).toBeNull();
    const downloaded = await files().download(`${folder}/disguised.txt`);
    expect(downloaded.data?.type).toBe('image/png');
  });
});

describe('download, info, HEAD (getObject.ts, getObjectInfo.ts)', () => {
  it('downloads a private object with the caller’s token, also at /object/authenticated, with Range', async () => {
    const name = `${folder}/range.txt`;
    await files().upload(name, '0123456789', { contentType: 'text/plain' });
    expect(await (await files().download(name)).data?.text()).toBe('0123456789');
    const headers = { apikey: server.anonKey, authorization: `Bearer ${world.viewer.session.accessToken}` };
    const part = await fetch(`${server.url}/storage/v1/object/authenticated/${FILES}/${name}`, { headers: { ...headers, range: 'bytes=2-4' } });
    expect([part.status, part.headers.get('content-range'), await part.text()]).toEqual([206, 'bytes 2-4/10', '234']);
    const head = await fetch(`${server.url}/storage/v1/object/authenticated/${FILES}/${name}`, { method: 'HEAD', headers });
    expect([head.status, head.headers.get('content-length'), head.headers.get('etag'), await head.text()]).toEqual([200, '10', md5('0123456789'), '']);
  });

  it('info and exists: the object as Storage describes it; a missing one is NoSuchKey', async () => {
    const info = await files().info(`${folder}/range.txt`);
    expect(info.data).toMatchObject({ id: expect.any(String), version: expect.any(String), size: 10, contentType: 'text/plain', etag: md5('0123456789') });
    expect(await files().exists(`${folder}/range.txt`)).toEqual({ data: true, error: null });
    const missing = await files().info(`${folder}/missing.txt`);
    expect(missing.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
    expect((await files().exists(`${folder}/missing.txt`)).data).toBe(false);
  });

  it('serves what a browser would run (HTML, SVG) as an attachment in a sandbox; HTML as text/plain as Storage does', async () => {
    await files().upload(`${folder}/page.html`, '<script>alert(1)</script>', { contentType: 'text/html' });
    await files().upload(`${folder}/icon.svg`, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', { contentType: 'image/svg+xml' });
    const headers = { apikey: server.anonKey, authorization: `Bearer ${world.member.session.accessToken}` };
    for (const [name, type] of [['page.html', 'text/plain'], ['icon.svg', 'image/svg+xml']]) {
      const response = await fetch(`${server.url}/storage/v1/object/${FILES}/${folder}/${name}`, { headers });
      expect(response.headers.get('content-type'), name).toBe(type);
      expect(response.headers.get('content-disposition'), name).toBe('attachment');
      expect(response.headers.get('content-security-policy'), name).toContain('sandbox');
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
    }
  });
});

describe('list and listV2 (listObjects.ts, listObjectsV2.ts)', () => {
  beforeAll(async () => {
    for (const name of ['b.txt', 'a.txt', 'c.txt', 'sub/d.txt']) await files().upload(`${folder}/list/${name}`, name, { contentType: 'text/plain' });
  });

  it('lists one level under a prefix: folders without id, files with metadata; limit, offset, sortBy, search', async () => {
    const all = await files().list(`${folder}/list`);
    expect(all.data?.map((entry) => [entry.name, entry.id === null])).toEqual([['a.txt', false], ['b.txt', false], ['c.txt', false], ['sub', true]]);
    expect(all.data?.[0]?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain' });
    expect((await files().list(`${folder}/list`, { limit: 2, offset: 1 })).data?.map((entry) => entry.name)).toEqual(['b.txt', 'c.txt']);
    expect((await files().list(`${folder}/list`, { sortBy: { column: 'name', order: 'desc' } })).data?.map((entry) => entry.name)).toEqual(['sub', 'c.txt', 'b.txt', 'a.txt']);
    expect((await files().list(`${folder}/list`, { search: 'B' })).data?.map((entry) => entry.name)).toEqual(['b.txt']);
  });

  it('listV2 pages with a cursor and folds folders with the delimiter', async () => {
    const first = await files().listV2({ prefix: `${folder}/list/`, limit: 2 });
    expect(first.data).toMatchObject({ hasNext: true, objects: [{ name: `${folder}/list/a.txt` }, { name: `${folder}/list/b.txt` }] });
    const second = await files().listV2({ prefix: `${folder}/list/`, limit: 2, cursor: first.data!.nextCursor });
    expect(second.data?.objects.map((entry) => entry.name)).toEqual([`${folder}/list/c.txt`, `${folder}/list/sub/d.txt`]);
    const folded = await files().listV2({ prefix: `${folder}/list/`, with_delimiter: true });
    expect(folded.data?.folders).toEqual([expect.objectContaining({ key: 'sub', name: `${folder}/list/sub/` })]);
  });
});

describe('remove, move, copy (deleteObjects.ts, moveObject.ts, copyObject.ts)', () => {
  it('moves (the bytes stay, the name changes) and copies (new bytes, same content); a taken name is 409', async () => {
    await files().upload(`${folder}/move/from.txt`, 'moving', { contentType: 'text/plain' });
    expect((await files().move(`${folder}/move/from.txt`, `${folder}/move/to.txt`)).data).toMatchObject({ message: 'Successfully moved', Key: `${folder}/move/to.txt` });
    expect(await files().exists(`${folder}/move/from.txt`)).toMatchObject({ data: false });
    expect((await files().copy(`${folder}/move/to.txt`, `${folder}/move/copy.txt`)).data).toEqual({ path: `${FILES}/${folder}/move/copy.txt` });
    expect(await (await files().download(`${folder}/move/copy.txt`)).data?.text()).toBe('moving');
    expect((await files().copy(`${folder}/move/to.txt`, `${folder}/move/copy.txt`)).error).toMatchObject({ statusCode: '409' });
    expect((await files().move(`${folder}/move/none.txt`, `${folder}/move/x.txt`)).error).toMatchObject({ statusCode: '404' });
  });

  it('removes several objects and their bytes; answers the removed rows', async () => {
    const before = await versionFiles();
    const removed = await files().remove([`${folder}/move/to.txt`, `${folder}/move/copy.txt`, `${folder}/move/none.txt`]);
    expect(removed.data?.map((row) => row.name).sort()).toEqual([`${folder}/move/copy.txt`, `${folder}/move/to.txt`]);
    expect((await versionFiles()).length).toBe(before.length - 2);
  });
});

describe('signed URLs (getSignedURL.ts, getSignedURLs.ts, getSignedObject.ts, getSignedUploadURL.ts, uploadSignedObject.ts)', () => {
  it('a signed URL opens the object signed out, with download as an attachment and Expires', async () => {
    const name = `${folder}/share.txt`;
    await files().upload(name, 'shared', { contentType: 'text/plain' });
    const signed = await files().createSignedUrl(name, 60, { download: 'brief.txt' });
    expect(signed.data?.signedUrl).toContain(`/storage/v1/object/sign/${FILES}/${name}?token=`);
    const opened = await fetch(signed.data!.signedUrl);
    expect([opened.status, await opened.text(), opened.headers.get('content-disposition')]).toEqual([200, 'shared', "attachment; filename=brief.txt; filename*=UTF-8''brief.txt"]);
    expect(Date.parse(opened.headers.get('expires')!)).toBeGreaterThan(Date.now());
  });

  it('signs several at once; one that is missing carries its error', async () => {
    const batch = await files().createSignedUrls([`${folder}/share.txt`, `${folder}/none.txt`], 60);
    expect(batch.data?.map((entry) => [entry.path, entry.error])).toEqual([
      [`${folder}/share.txt`, null],
      [`${folder}/none.txt`, 'Either the object does not exist or you do not have access to it'],
    ]);
    expect(await (await fetch(batch.data![0]!.signedUrl!)).text()).toBe('shared');
  });

  it('a signed upload URL lets someone without a session upload that one object, as the signer', async () => {
    const name = `${folder}/dropbox/file.txt`;
    const signed = await files().createSignedUploadUrl(name);
    expect(signed.error).toBeNull();
    const stranger = world.anon.storage.from(FILES);
    expect((await stranger.uploadToSignedUrl(name, signed.data!.token, 'dropped', { contentType: 'text/plain' })).data).toEqual({ path: name, fullPath: `${FILES}/${name}` });
    expect((await rowsNamed(name))[0]).toMatchObject({ owner_id: world.member.id });
    expect((await stranger.uploadToSignedUrl(name, signed.data!.token, 'again')).error).toMatchObject({ statusCode: '409' });
  });
});

describe('buckets (emptyBucket.ts, deleteBucket.ts) and public URLs (getPublicObject.ts)', () => {
  it('a bucket with objects is not deleted (409); emptied, it is', async () => {
    await world.service.storage.createBucket('scratch', { public: true });
    await world.service.storage.from('scratch').upload('x.txt', 'x');
    expect((await world.service.storage.deleteBucket('scratch')).error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });
    const emptied = await world.service.storage.emptyBucket('scratch');
    expect(emptied.data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect((await world.service.storage.deleteBucket('scratch')).data).toEqual({ message: 'Successfully deleted' });
    expect((await world.service.storage.getBucket('scratch')).error).toMatchObject({ statusCode: '404' });
  });

  it('getPublicUrl with download serves a public object as an attachment; a private bucket has no public URL', async () => {
    await world.service.storage.createBucket('press', { public: true });
    await world.service.storage.from('press').upload('kit.txt', 'press kit', { contentType: 'text/plain' });
    const url = world.anon.storage.from('press').getPublicUrl('kit.txt', { download: true }).data.publicUrl;
    const response = await fetch(url);
    expect([response.status, response.headers.get('content-disposition'), await response.text()]).toEqual([200, 'attachment;', 'press kit']);
    const hidden = await fetch(world.anon.storage.from(FILES).getPublicUrl(`${folder}/share.txt`).data.publicUrl);
    expect([hidden.status, ((await hidden.json()) as { code: string }).code]).toEqual([400, 'NoSuchBucket']);
  });
});

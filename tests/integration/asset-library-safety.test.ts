import { randomBytes } from 'node:crypto';
import { readdir, utimes, writeFile, mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJobByName } from '../../server/src/jobs/enqueue-job';
import { addToLibrary, pngClaiming, reserve, smallPng, zipBomb } from '../support/assets';
import { createStorageWorld, type StorageWorld } from '../support/storage-world';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The asset library from the attacker's and the unlucky user's side (decision 0021): a quota enforced by the database
 * before any byte is stored (TUS creation and plain uploads), the bucket writable only at reserved paths with their
 * size, a failed upload that leaves neither a row nor an object, decompression and zip bombs refused by the
 * thumbnailer while the server goes on, featured images (approved only, a public copy for the blog), "where used" and
 * a delete that takes objects, variants and versions with it, and the sweep of version files no object names.
 */

const QUOTA = 3_000_000;
let server: TestServer;
let world: StorageWorld;

beforeAll(async () => {
  server = await startTestServer({ ASSET_QUOTA_BYTES: String(QUOTA) });
  world = await createStorageWorld(server);
});

afterAll(async () => {
  await server?.close();
});

const drain = () => server.app.jobRunner!()!.drain(30_000);
const auth = (token: string) => ({ apikey: server.anonKey, authorization: `Bearer ${token}` });
const objectRows = (prefix: string) => server.sql<{ name: string }[]>`select name from storage.objects where name like ${`${prefix}%`} order by name`;
const storedFiles = async () => (await readdir(path.join(server.config.storageDir, 'objects'), { recursive: true })).filter((entry) => entry.includes('-'));
const resumableFiles = () => readdir(path.join(server.config.storageDir, '.resumable'));

/** Sends only a request's headers and reads the answer: a refusal that comes before the body was refused unread. */
function answerBeforeBody(method: string, target: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const body = received.indexOf('\r\n\r\n');
      if (body >= 0 && received.length > body + 4) {
        socket.destroy();
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), text: received.slice(body + 4) });
      }
    });
    socket.on('error', () => {});
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${url.host}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`);
  });
}

const tusCreate = (token: string, objectName: string, length: number) =>
  answerBeforeBody('POST', '/storage/v1/upload/resumable', {
    ...auth(token),
    'tus-resumable': '1.0.0',
    'upload-length': String(length),
    'upload-metadata': `bucketName ${Buffer.from('assets').toString('base64')},objectName ${Buffer.from(objectName).toString('base64')}`,
    'content-type': 'application/offset+octet-stream',
    'content-length': String(length),
  });

describe('the quota (ASSET_QUOTA_BYTES, enforced by the database)', () => {
  it('refuses a reservation that does not fit, saying how much is used of how much; nothing is written', async () => {
    const before = await server.sql`select count(*)::int as n from public.asset_versions`;
    const { error } = await world.member.client.rpc('start_asset_upload', {
      workspace_id: world.workspace1, file_name: 'Film.mov', object_key: 'Film.mov', mime_type: 'video/quicktime', size_bytes: QUOTA + 1,
    });
    expect(error).toMatchObject({ code: 'P0001', details: 'quota_exceeded', message: '"Film.mov" (2930 kB) does not fit: the workspace uses 0 bytes of its 2930 kB of storage.' });
    expect(JSON.parse(error!.hint!)).toEqual({ used_bytes: 0, quota_bytes: QUOTA, size_bytes: QUOTA + 1 });
    expect(await server.sql`select count(*)::int as n from public.asset_versions`).toEqual(before);
  });

  it('refuses a TUS creation and a plain upload that skip the reservation or declare more bytes, before reading any', async () => {
    const token = world.member.session.accessToken;
    const reserved = await reserve(world.member.client, world.workspace1, { name: 'Clip.mp4', bytes: Buffer.alloc(1000), type: 'video/mp4' });
    const elsewhere = `${world.workspace1}/unreserved/clip.mp4`;
    for (const [name, length] of [[elsewhere, 1000], [reserved.object_path, 2_000_000]] as const) {
      const tus = await tusCreate(token, name, length);
      expect(tus.status, name).toBe(403);
      expect(tus.text).toContain('row-level security');
      const plain = await answerBeforeBody('POST', `/storage/v1/object/assets/${name}`, { ...auth(token), 'content-type': 'video/mp4', 'content-length': String(length) });
      expect([plain.status, JSON.parse(plain.text)], name).toEqual([400, expect.objectContaining({ statusCode: '403', code: 'AccessDenied' })]);
    }
    expect(await resumableFiles()).toEqual([]);
    expect(await readdir(path.join(server.config.storageDir, '.uploads'))).toEqual([]);
    expect(await objectRows(world.workspace1)).toEqual([]);
    await world.member.client.rpc('cancel_asset_upload', { version_id: reserved.version_id });
  });

  it('lets only one of two reservations take the last free bytes', async () => {
    const file = { name: 'Half.bin', bytes: Buffer.alloc(QUOTA / 2 + 10), type: 'application/octet-stream' };
    const outcomes = await Promise.allSettled([reserve(world.member.client, world.workspace1, file), reserve(world.owner.client, world.workspace1, file)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ details: 'quota_exceeded' });
    const kept = outcomes.find((outcome) => outcome.status === 'fulfilled') as PromiseFulfilledResult<{ version_id: string }>;
    await world.owner.client.rpc('cancel_asset_upload', { version_id: kept.value.version_id });
  });
});

describe('the assets bucket outside the library', () => {
  it('a member cannot write an unreserved path, replace, move or remove a stored file, nor use another workspace’s reservation', async () => {
    const stored = await addToLibrary(world.member.client, world.workspace1, { name: 'Kept.txt', bytes: Buffer.from('kept'), type: 'text/plain' });
    const bucket = world.member.client.storage.from('assets');
    expect((await bucket.upload(`${world.workspace1}/free/planted.txt`, 'x')).error).toMatchObject({ statusCode: '403' });
    expect((await bucket.upload(stored.object_path, 'defaced', { upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect((await bucket.move(stored.object_path, `${world.workspace1}/moved.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await bucket.remove([stored.object_path])).data).toEqual([]);
    const theirs = await reserve(world.outsider.client, world.workspace2, { name: 'Theirs.txt', bytes: Buffer.from('theirs'), type: 'text/plain' });
    expect((await bucket.upload(theirs.object_path, 'theirs')).error).toMatchObject({ statusCode: '403' });
    const mine = await reserve(world.member.client, world.workspace1, { name: 'Late.txt', bytes: Buffer.from('late'), type: 'text/plain' });
    expect((await world.viewer.client.storage.from('assets').upload(mine.object_path, 'late')).error).toMatchObject({ statusCode: '403' });
    await server.sql`update public.asset_versions set created_at = now() - interval '2 days' where id = ${mine.version_id}`;
    expect((await bucket.upload(mine.object_path, 'late')).error).toMatchObject({ statusCode: '403' });
    expect(await (await world.viewer.client.storage.from('assets').download(stored.object_path)).data?.text()).toBe('kept');
  });

  it('a signed upload URL that brings more bytes than reserved is caught at completion: the version and its object go', async () => {
    const reserved = await reserve(world.member.client, world.workspace1, { name: 'Small.bin', bytes: Buffer.alloc(40), type: 'application/octet-stream' });
    // A crafted signing request whose own body has the reserved length (Storage passes it to the policy as declared).
    const signed = await fetch(`${server.url}/storage/v1/object/upload/sign/assets/${reserved.object_path}`, {
      method: 'POST',
      headers: { ...auth(world.member.session.accessToken), 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(40 - 10) }),
    });
    expect(signed.status).toBe(200);
    const { url } = (await signed.json()) as { url: string };
    const put = await fetch(`${server.url}/storage/v1${url}`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: randomBytes(50_000) });
    expect(put.status).toBe(200);
    expect((await world.member.client.rpc('complete_asset_upload', { version_id: reserved.version_id })).data).toBe('size_mismatch');
    expect(await server.sql`select id from public.assets where id = ${reserved.asset_id}`).toEqual([]);
    await drain();
    expect(await objectRows(reserved.object_path)).toEqual([]);
  });
});

describe('a failed upload leaves no row and no object', () => {
  it('cancelled half-way: the TUS upload is terminated and the reservation removed', async () => {
    const bytes = randomBytes(200_000);
    const reserved = await reserve(world.member.client, world.workspace1, { name: 'Broken.mov', bytes, type: 'video/quicktime' });
    const headers = { ...auth(world.member.session.accessToken), 'tus-resumable': '1.0.0' };
    const created = await fetch(`${server.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(bytes.length), 'upload-metadata': `bucketName ${Buffer.from('assets').toString('base64')},objectName ${Buffer.from(reserved.object_path).toString('base64')}`, 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(0, 50_000),
    });
    expect(created.status).toBe(201);
    expect((await resumableFiles()).length).toBeGreaterThan(0);
    expect((await fetch(created.headers.get('location')!, { method: 'DELETE', headers })).status).toBe(204);
    expect((await world.member.client.rpc('cancel_asset_upload', { version_id: reserved.version_id })).error).toBeNull();
    expect(await server.sql`select id from public.assets where id = ${reserved.asset_id}`).toEqual([]);
    expect(await resumableFiles()).toEqual([]);
    expect(await objectRows(reserved.object_path)).toEqual([]);
  });

  it('a browser that went away: a day later the sweep completes what arrived and removes what did not', async () => {
    const arrived = await reserve(world.member.client, world.workspace1, { name: 'Arrived.txt', bytes: Buffer.from('arrived'), type: 'text/plain' });
    expect((await world.member.client.storage.from('assets').upload(arrived.object_path, Buffer.from('arrived'), { contentType: 'text/plain' })).error).toBeNull();
    const lost = await reserve(world.member.client, world.workspace1, { name: 'Lost.txt', bytes: Buffer.from('lost'), type: 'text/plain' });
    await server.sql`update public.asset_versions set created_at = now() - interval '26 hours' where id in ${server.sql([arrived.version_id, lost.version_id])}`;
    await enqueueJobByName(server.sql, 'sweep_asset_uploads', {});
    await drain();
    expect(await server.sql`select state from public.asset_versions where id = ${arrived.version_id}`).toEqual([{ state: 'ready' }]);
    expect(await server.sql`select id from public.assets where id = ${lost.asset_id}`).toEqual([]);
  });
});

describe('bombs for the thumbnailer', () => {
  it('a PNG claiming 60,000 × 60,000 pixels is refused from its header, a zip bomb is never opened; the server goes on', async () => {
    const bomb = pngClaiming(60_000, 60_000);
    const png = await addToLibrary(world.member.client, world.workspace1, { name: 'Bomb.png', bytes: bomb, type: 'image/png' });
    const zip = zipBomb(200);
    expect(zip.length).toBeLessThan(1_000_000);
    const archive = await addToLibrary(world.member.client, world.workspace1, { name: 'Bomb.zip', bytes: zip, type: 'application/zip' });
    await drain();
    const rows = await server.sql`select id, variants_state, variants_note, width, height from public.asset_versions where id in ${server.sql([png.version_id, archive.version_id])}`;
    expect(rows.find((row) => row.id === png.version_id)).toMatchObject({
      variants_state: 'refused', width: 60_000, height: 60_000,
      variants_note: '60,000 × 60,000 pixels is more than the 100 million a preview is made from.',
    });
    expect(rows.find((row) => row.id === archive.version_id)).toMatchObject({ variants_state: 'none' });
    expect(await objectRows(png.object_path.replace(/[^/]+$/, 'variants/'))).toEqual([]);
    expect((await fetch(`${server.url}/ready`)).status).toBe(200);
    const after = await addToLibrary(world.member.client, world.workspace1, { name: 'After.png', bytes: await smallPng(), type: 'image/png' });
    await drain();
    expect(await server.sql`select variants_state from public.asset_versions where id = ${after.version_id}`).toEqual([{ variants_state: 'ready' }]);
    await world.member.client.rpc('delete_asset', { asset_id: png.asset_id });
    await world.member.client.rpc('delete_asset', { asset_id: archive.asset_id });
    await drain();
  });
});

describe('featured images, where used and safe delete', () => {
  it('only an approved image of the workspace, at its public address; deleting it is refused while used, then takes everything', async () => {
    const image = await addToLibrary(world.member.client, world.workspace1, { name: 'Hero.png', bytes: await smallPng(1600, 900), type: 'image/png' });
    await drain();
    const page = async () => (await world.member.client.rpc('get_asset', { asset_id: image.asset_id })).data as {
      versions: { public_image_path: string }[];
      used_by: { title: string }[];
    };
    const publicUrl = `${server.url}${(await page()).versions[0]!.public_image_path}`;
    const item = { organization_id: world.workspace1, user_id: world.member.id, title: 'Spring launch', status: 'published', featured_asset_id: image.asset_id, featured_image_url: publicUrl };
    const content = world.member.client.from('content_items');
    expect((await content.insert(item)).error).toMatchObject({ code: 'P0001', details: 'featured_asset_not_approved' });
    await world.member.client.rpc('set_asset_status', { asset_id: image.asset_id, new_status: 'in_review' });
    await world.owner.client.rpc('set_asset_status', { asset_id: image.asset_id, new_status: 'approved' });
    expect((await content.insert({ ...item, featured_image_url: 'https://elsewhere.example/hero.webp' })).error).toMatchObject({ details: 'featured_asset_url_mismatch' });
    const theirs = await addToLibrary(world.outsider.client, world.workspace2, { name: 'Theirs.png', bytes: await smallPng(), type: 'image/png' });
    expect((await content.insert({ ...item, featured_asset_id: theirs.asset_id })).error).toMatchObject({ code: 'P0001', details: 'featured_asset_not_found' });
    const { data: inserted, error } = await content.insert(item).select('id').single();
    expect(error).toBeNull();
    await drain();

    const served = await fetch(publicUrl);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1280);
    await server.sql`insert into public.workspace_blogs (organization_id, slug) values (${world.workspace1}, 'safety-blog')`;
    // The published item's HTML (the job runner renders it too; either one will do for the blog's list).
    await server.sql`
      insert into private.content_item_html (content_item_id, html, source_md5, renderer) values (${inserted!.id}, '<p>x</p>', md5(''), 'test')
      on conflict (content_item_id) do nothing`;
    const post = await server.client().rpc('get_public_blog_posts', { blog_slug: 'safety-blog' });
    expect(post.data?.[0]?.featured_image_url).toBe(publicUrl);

    expect((await page()).used_by.map((user) => user.title)).toEqual(['Spring launch']);
    const refused = await world.member.client.rpc('delete_asset', { asset_id: image.asset_id });
    expect(refused.error).toMatchObject({ code: 'P0001', details: 'asset_in_use', message: 'This asset is the featured image of "Spring launch": choose another image there first.' });
    expect(JSON.parse(refused.error!.hint!)).toEqual([{ id: inserted!.id, title: 'Spring launch', kind: 'content_item', status: 'published' }]);
    expect((await world.viewer.client.rpc('delete_asset', { asset_id: image.asset_id })).error).toMatchObject({ details: 'role_too_low' });

    await content.update({ featured_asset_id: null, featured_image_url: null }).eq('id', inserted!.id);
    const files = await storedFiles();
    expect((await world.member.client.rpc('delete_asset', { asset_id: image.asset_id })).error).toBeNull();
    await drain();
    expect(await server.sql`select id from public.asset_versions where asset_id = ${image.asset_id}`).toEqual([]);
    expect(await objectRows(image.object_path.replace(/[^/]+$/, ''))).toEqual([]);
    expect(await server.sql`select name from storage.objects where bucket_id = 'asset-public' and name like ${`${world.workspace1}/${image.asset_id}/%`}`).toEqual([]);
    expect((await fetch(publicUrl)).status).toBe(400);
    // The original and its three derived images are gone from the disk too.
    expect(files.length - (await storedFiles()).length).toBe(5);
  });
});

describe('where used: e-mail campaigns and templates of the workspace (issue 27 §5, issue 28)', () => {
  it('lists them, refuses the delete naming them (a sent campaign says its public copy stays), never counts another workspace’s', async () => {
    const image = await addToLibrary(world.member.client, world.workspace1, { name: 'Mailer.png', bytes: await smallPng(), type: 'image/png' });
    const imageBlock = (assetId: string) => ({ type: 'image', src: 'https://cdn.example/mailer.webp', alt: 'mailer', asset_id: assetId });
    const ours = { organization_id: world.workspace1, subject: 'Hello', list_ids: [] };
    const template = await world.member.client.from('email_templates')
      .insert({ organization_id: world.workspace1, subject: 'Hello', name: 'Monthly layout', blocks: [imageBlock(image.asset_id.toUpperCase())] as never }).select('id').single();
    const draft = await world.member.client.from('email_campaigns')
      .insert({ ...ours, name: 'June news', blocks: [{ type: 'columns', columns: [[imageBlock(image.asset_id)], []] }] as never }).select('id').single();
    const sent = await world.member.client.from('email_campaigns')
      .insert({ ...ours, name: 'May news', blocks: [{ type: 'heading', text: 'May' }, imageBlock(image.asset_id)] as never }).select('id').single();
    const unrelated = await world.member.client.from('email_campaigns')
      .insert({ ...ours, name: 'Plain news', blocks: [imageBlock(crypto.randomUUID())] as never }).select('id').single();
    // Another workspace names workspace 1's asset in its own campaign: it must neither show up nor hold the delete.
    const foreign = await world.outsider.client.from('email_campaigns')
      .insert({ organization_id: world.workspace2, name: 'Secret plans', subject: 'x', list_ids: [], blocks: [imageBlock(image.asset_id)] as never }).select('id').single();
    for (const row of [template, draft, sent, unrelated, foreign]) expect(row.error).toBeNull();
    await server.sql`update public.email_campaigns set status = 'sent', started_at = now(), finished_at = now() where id = ${sent.data!.id}`;

    const usedBy = async () => ((await world.viewer.client.rpc('get_asset', { asset_id: image.asset_id })).data as { used_by: unknown[] }).used_by;
    expect(await usedBy()).toEqual([
      { id: draft.data!.id, title: 'June news', kind: 'campaign', status: 'draft' },
      { id: sent.data!.id, title: 'May news', kind: 'campaign', status: 'sent' },
      { id: template.data!.id, title: 'Monthly layout', kind: 'template', status: null },
    ]);
    expect((await world.outsider.client.rpc('get_asset', { asset_id: image.asset_id })).data).toBeNull();

    const refused = await world.member.client.rpc('delete_asset', { asset_id: image.asset_id });
    expect(refused.error).toMatchObject({
      code: 'P0001',
      details: 'asset_in_use',
      message:
        'This asset is in use: an image of campaign "June news" (draft); an image of campaign "May news" (sent: its e-mails show a public copy of ' +
        'the image, which deleting the asset would not take offline; delete the campaign to free the asset); an image of template "Monthly layout". ' +
        'Choose another image there first.',
    });
    expect(refused.error!.message).not.toContain('Secret plans');
    expect(JSON.parse(refused.error!.hint!)).toEqual(await usedBy());
    // The outsider is refused before anything about the asset's users is looked at: no names in the answer.
    const outsiderDelete = (await world.outsider.client.rpc('delete_asset', { asset_id: image.asset_id })).error;
    expect(outsiderDelete).toMatchObject({ code: '42501' });
    expect(JSON.stringify(outsiderDelete)).not.toMatch(/news|layout/i);
    expect(await server.sql`select 1 from public.assets where id = ${image.asset_id}`).toHaveLength(1);

    // Freed one by one: the template's image replaced, the draft deleted, the sent campaign deleted.
    await world.member.client.from('email_templates').update({ blocks: [{ type: 'divider' }] as never }).eq('id', template.data!.id);
    await world.member.client.from('email_campaigns').delete().eq('id', draft.data!.id);
    expect((await world.member.client.rpc('delete_asset', { asset_id: image.asset_id })).error).toMatchObject({
      details: 'asset_in_use',
      message: expect.stringContaining('an image of campaign "May news" (sent: '),
    });
    expect((await world.member.client.from('email_campaigns').delete().eq('id', sent.data!.id).select('id')).data).toHaveLength(1);
    expect(await usedBy()).toEqual([]);
    expect((await world.member.client.rpc('delete_asset', { asset_id: image.asset_id })).error).toBeNull();
    expect(await server.sql`select 1 from public.assets where id = ${image.asset_id}`).toHaveLength(0);
    await drain();
  });
});

describe('version files no object names (sweep_storage_files)', () => {
  it('removes those older than an hour; a young one and a named one stay', async () => {
    const objects = path.join(server.config.storageDir, 'objects');
    const place = async (version: string, ageMs: number) => {
      const file = path.join(objects, version.slice(0, 2), version);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'left by a crash');
      const when = new Date(Date.now() - ageMs);
      await utimes(file, when, when);
      return file;
    };
    const old = await place('aaaaaaaa-0000-4000-8000-000000000001', 2 * 3600_000);
    const young = await place('aaaaaaaa-0000-4000-8000-000000000002', 60_000);
    const named = await addToLibrary(world.member.client, world.workspace1, { name: 'Named.txt', bytes: Buffer.from('named'), type: 'text/plain' });
    const [{ version }] = await server.sql<{ version: string }[]>`select version from storage.objects where name = ${named.object_path}`;
    const namedFile = path.join(objects, version.slice(0, 2), version);
    const when = new Date(Date.now() - 3 * 3600_000);
    await utimes(namedFile, when, when);
    await enqueueJobByName(server.sql, 'sweep_storage_files', {});
    await drain();
    const left = await storedFiles();
    expect(left.some((entry) => entry.endsWith(path.basename(old)))).toBe(false);
    expect(left.some((entry) => entry.endsWith(path.basename(young)))).toBe(true);
    expect(left.some((entry) => entry.endsWith(version))).toBe(true);
  });
});

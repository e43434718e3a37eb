import sharp from 'sharp';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextStatuses } from '../../src/features/assets/utils/review-moves';
import { addToLibrary, photoWithLocation, reserve, smallPng } from '../support/assets';
import { createStorageWorld, type StorageWorld } from '../support/storage-world';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The asset library through supabase-js against the real server and its job runner (decision 0021): uploads as the
 * browser makes them (reserve, TUS with 6 MB chunks, complete), derived images made by the job with sharp (EXIF
 * location gone from them, the original untouched), the library's list, search, filters, tags and figures, review
 * with comments (viewers comment, never approve), versions replaced and restored, a share link that works signed
 * out until it expires.
 */

let server: TestServer;
let world: StorageWorld;

beforeAll(async () => {
  server = await startTestServer();
  world = await createStorageWorld(server);
});

afterAll(async () => {
  await server?.close();
});

const drain = () => server.app.jobRunner!()!.drain(30_000);

function tusUpload(bytes: Buffer, objectName: string, token: string, contentType: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: `${server.url}/storage/v1/upload/resumable`,
      retryDelays: [0, 200],
      headers: { authorization: `Bearer ${token}`, apikey: server.anonKey },
      uploadDataDuringCreation: true,
      removeFingerprintOnSuccess: true,
      metadata: { bucketName: 'assets', objectName, contentType, cacheControl: '3600' },
      chunkSize: 6 * 1024 * 1024,
      onError: reject,
      onSuccess: () => resolve(),
    });
    upload.start();
  });
}

const listed = async (filters: Record<string, unknown> = {}) => {
  const { data, error } = await world.viewer.client.rpc('list_assets', { workspace_id: world.workspace1, ...filters });
  expect(error).toBeNull();
  return data!;
};

describe('an upload as the browser makes it', () => {
  it('is reserved, sent over TUS to its reserved path and completed: listed with its type, size, uploader and date', async () => {
    const bytes = await smallPng(640, 480);
    const reserved = await reserve(world.member.client, world.workspace1, { name: 'Café logo.png', key: 'Cafe-logo.png', bytes, type: 'image/png' });
    expect(reserved.object_path).toBe(`${world.workspace1}/${reserved.asset_id}/${reserved.version_id}/Cafe-logo.png`);
    // Reserved only: nobody sees it in the library yet.
    expect((await listed()).map((row) => row.id)).not.toContain(reserved.asset_id);

    await tusUpload(bytes, reserved.object_path, world.member.session.accessToken, 'image/png');
    const completed = await world.member.client.rpc('complete_asset_upload', { version_id: reserved.version_id, width: 640, height: 480 });
    expect(completed).toMatchObject({ data: 'ready', error: null });
    const [row] = (await listed()).filter((entry) => entry.id === reserved.asset_id);
    expect(row).toMatchObject({
      name: 'Café logo.png', file_name: 'Café logo.png', kind: 'image', status: 'draft', mime_type: 'image/png',
      size_bytes: bytes.length, width: 640, height: 480, uploaded_by_name: 'Mia', variants_state: 'pending', version_number: 1,
    });
    expect(Date.now() - new Date(row!.uploaded_at!).getTime()).toBeLessThan(60_000);
  });

  it('refuses a key Storage would refuse, and completes only what arrived', async () => {
    const refused = await world.member.client.rpc('start_asset_upload', {
      workspace_id: world.workspace1, file_name: 'café.png', object_key: 'café.png', mime_type: 'image/png', size_bytes: 10,
    });
    expect(refused.error).toMatchObject({ code: 'P0001', details: 'invalid_object_key' });
    const reserved = await reserve(world.member.client, world.workspace1, { name: 'never-sent.txt', bytes: Buffer.from('x'), type: 'text/plain' });
    const early = await world.member.client.rpc('complete_asset_upload', { version_id: reserved.version_id });
    expect(early.error).toMatchObject({ code: 'P0001', details: 'upload_missing' });
    expect((await world.member.client.rpc('cancel_asset_upload', { version_id: reserved.version_id })).error).toBeNull();
    expect(await server.sql`select id from public.assets where id = ${reserved.asset_id}`).toEqual([]);
  });
});

describe('derived images (make_asset_variants, sharp)', () => {
  it('makes a thumbnail and WebP 320/1280 without the EXIF location; the original keeps its bytes', async () => {
    const photo = await photoWithLocation(2400, 1600);
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('PhoneCam');
    const stored = await addToLibrary(world.member.client, world.workspace1, { name: 'Beach.jpg', bytes: photo, type: 'image/jpeg' });
    await drain();

    const [version] = await server.sql`select variants_state, width, height, variant_bytes from public.asset_versions where id = ${stored.version_id}`;
    expect(version).toMatchObject({ variants_state: 'ready', width: 2400, height: 1600 });
    expect(Number(version!.variant_bytes)).toBeGreaterThan(0);
    const [row] = (await listed()).filter((entry) => entry.id === stored.asset_id);
    const bucket = world.viewer.client.storage.from('assets');
    const expected = { thumbnail_path: [400, 400], preview_path: [1280, 853] } as const;
    for (const [key, [width, height]] of Object.entries(expected)) {
      const variantPath = row![key as keyof typeof expected]!;
      const { data } = await bucket.download(variantPath);
      const bytes = Buffer.from(await data!.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height, exif: metadata.exif }).toEqual({ format: 'webp', width, height, exif: undefined });
      expect(bytes.toString('latin1')).not.toContain('PhoneCam');
    }
    const w320 = await bucket.download(row!.preview_path!.replace('w1280', 'w320'));
    expect((await sharp(Buffer.from(await w320.data!.arrayBuffer())).metadata()).width).toBe(320);
    const original = await bucket.download(stored.object_path);
    expect(Buffer.from(await original.data!.arrayBuffer()).equals(photo)).toBe(true);
  });
});

describe('review', () => {
  let assetId: string;
  beforeAll(async () => {
    assetId = (await addToLibrary(world.member.client, world.workspace1, { name: 'Poster.png', bytes: await smallPng(), type: 'image/png' })).asset_id;
  });
  const move = (who: StorageWorld['member'], status: string, comment?: string) =>
    who.client.rpc('set_asset_status', { asset_id: assetId, new_status: status, comment });

  it('goes draft → in review → changes requested (with a comment) → in review → approved; viewers comment but do not approve', async () => {
    expect((await move(world.viewer, 'in_review')).error).toMatchObject({ code: '42501', details: 'role_too_low' });
    expect((await move(world.member, 'approved')).error).toMatchObject({ code: 'P0001', details: 'status_move_not_allowed' });
    expect((await move(world.member, 'in_review')).data).toBe('in_review');
    expect((await world.viewer.client.rpc('add_asset_comment', { asset_id: assetId, body: 'The logo is cut off.' })).error).toBeNull();
    expect((await move(world.viewer, 'approved')).error).toMatchObject({ code: '42501', details: 'role_too_low' });
    expect((await move(world.owner, 'changes_requested')).error).toMatchObject({ details: 'comment_required' });
    expect((await move(world.owner, 'changes_requested', 'Move the logo inside the safe area.')).error).toBeNull();
    expect((await move(world.member, 'in_review')).error).toBeNull();
    expect((await move(world.owner, 'approved')).error).toBeNull();
    expect((await world.outsider.client.rpc('add_asset_comment', { asset_id: assetId, body: 'hi' })).error).toMatchObject({ details: 'not_a_member' });

    const { data } = await world.viewer.client.rpc('get_asset', { asset_id: assetId });
    const page = data as { asset: { status: string; approved_by_name: string }; comments: { body: string; status_change: string | null; author_name: string }[] };
    expect(page.asset).toMatchObject({ status: 'approved', approved_by_name: 'Olive' });
    expect(page.comments.map((comment) => [comment.author_name, comment.status_change, comment.body])).toEqual([
      ['Mia', 'in_review', 'Submitted for review.'],
      ['Vic', null, 'The logo is cut off.'],
      ['Olive', 'changes_requested', 'Move the logo inside the safe area.'],
      ['Mia', 'in_review', 'Submitted for review.'],
      ['Olive', 'approved', 'Approved.'],
    ]);
  });

  it('offers the same moves as the database allows (src/features/assets/utils/review-moves.ts)', async () => {
    const statuses = ['draft', 'in_review', 'approved', 'changes_requested'];
    const [{ allowed }] = await server.sql<{ allowed: Record<string, string[]> }[]>`
      select jsonb_object_agg(f, coalesce((select jsonb_agg(t order by t) from unnest(${statuses}::text[]) t where private.asset_status_move_allowed(f, t)), '[]')) as allowed
      from unnest(${statuses}::text[]) f`;
    for (const status of statuses) expect([...nextStatuses(status as never)].sort(), status).toEqual(allowed[status]);
  });
});

describe('versions', () => {
  it('a replacement is a new version (review starts again); the older one is kept and can be restored', async () => {
    const first = await addToLibrary(world.member.client, world.workspace1, { name: 'Brochure.pdf', bytes: Buffer.from('%PDF-1.4\n% first\n'), type: 'application/pdf' });
    await world.member.client.rpc('set_asset_status', { asset_id: first.asset_id, new_status: 'in_review' });
    const second = await addToLibrary(world.member.client, world.workspace1, { name: 'Brochure v2.pdf', bytes: Buffer.from('%PDF-1.4\n% second, longer\n'), type: 'application/pdf' }, { replaceAssetId: first.asset_id });
    expect(second.asset_id).toBe(first.asset_id);
    const page = async () => (await world.viewer.client.rpc('get_asset', { asset_id: first.asset_id })).data as {
      asset: { status: string; current_version_id: string; kind: string };
      versions: { id: string; number: number; file_name: string; variants_state: string }[];
    };
    let shown = await page();
    expect(shown.asset).toMatchObject({ status: 'draft', current_version_id: second.version_id, kind: 'pdf' });
    expect(shown.versions.map((version) => [version.number, version.file_name, version.variants_state])).toEqual([[2, 'Brochure v2.pdf', 'none'], [1, 'Brochure.pdf', 'none']]);
    expect((await world.viewer.client.rpc('restore_asset_version', { asset_id: first.asset_id, version_id: first.version_id })).error).toMatchObject({ details: 'role_too_low' });
    expect((await world.member.client.rpc('restore_asset_version', { asset_id: first.asset_id, version_id: first.version_id })).error).toBeNull();
    shown = await page();
    expect(shown.asset.current_version_id).toBe(first.version_id);
    expect(shown.versions).toHaveLength(2);
    const { data } = await world.viewer.client.storage.from('assets').download(second.object_path);
    expect(await data!.text()).toContain('second');
  });
});

describe('the library’s list, tags and figures', () => {
  it('searches by name and tag, filters by type, status, tag and collection, sorts, and counts', async () => {
    const video = await addToLibrary(world.member.client, world.workspace1, { name: 'Launch teaser.mp4', bytes: Buffer.from('not really a video'), type: 'video/mp4' }, { width: 1920, height: 1080, duration: 31.5 });
    expect((await world.member.client.from('assets').update({ tags: ['Launch', 'Social'] }).eq('id', video.asset_id).select('id')).data).toHaveLength(1);
    expect((await world.viewer.client.from('assets').update({ tags: ['vandal'] }).eq('id', video.asset_id).select('id')).data).toEqual([]);
    expect((await world.member.client.from('assets').update({ tags: ['a,b'] }).eq('id', video.asset_id)).error).toMatchObject({ code: '23514' });

    expect((await listed({ search: 'teaser' })).map((row) => row.name)).toEqual(['Launch teaser.mp4']);
    expect((await listed({ search: 'social' })).map((row) => row.name)).toEqual(['Launch teaser.mp4']);
    expect((await listed({ kinds: ['video'] })).map((row) => [row.name, row.duration_seconds, row.width])).toEqual([['Launch teaser.mp4', 31.5, 1920]]);
    expect((await listed({ tag: 'launch' })).map((row) => row.name)).toEqual(['Launch teaser.mp4']);
    expect((await listed({ statuses: ['approved'] })).map((row) => row.name)).toEqual(['Poster.png']);
    const byName = (await listed({ sort_by: 'name' })).map((row) => row.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const page = await listed({ page_size: 2, page_number: 2 });
    expect(page).toHaveLength(2);
    expect(Number(page[0]!.total_count)).toBe((await listed()).length);

    const { data: collection } = await world.member.client.from('asset_collections').insert({ organization_id: world.workspace1, name: 'Summer launch' }).select('id').single();
    expect((await world.member.client.from('asset_collection_items').insert({ collection_id: collection!.id, asset_id: video.asset_id, organization_id: world.workspace1 })).error).toBeNull();
    expect((await world.viewer.client.from('asset_collections').insert({ organization_id: world.workspace1, name: 'Viewer’s' })).error).toMatchObject({ code: '42501' });
    expect((await listed({ collection_id: collection!.id })).map((row) => row.name)).toEqual(['Launch teaser.mp4']);

    expect((await world.viewer.client.rpc('asset_tags', { workspace_id: world.workspace1 })).data).toEqual(
      expect.arrayContaining([{ tag: 'Launch', asset_count: 1 }, { tag: 'Social', asset_count: 1 }]),
    );
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString();
    const { data: figures } = await world.viewer.client.rpc('asset_library_figures', { workspace_id: world.workspace1, month_start: monthStart }).single();
    const [{ bytes }] = await server.sql<{ bytes: string }[]>`select sum(size_bytes + variant_bytes) as bytes from public.asset_versions where organization_id = ${world.workspace1}`;
    expect(figures).toMatchObject({ asset_count: (await listed()).length, in_review_count: 0, approved_this_month: 1, storage_used_bytes: Number(bytes), quota_bytes: 10 * 1024 ** 3 });
    expect((await world.outsider.client.rpc('asset_library_figures', { workspace_id: world.workspace1, month_start: monthStart })).data).toEqual([]);
    expect((await world.outsider.client.rpc('list_assets', { workspace_id: world.workspace1 })).data).toEqual([]);
  });
});

describe('a share link', () => {
  it('is a signed URL of the original: it works signed out until it expires, then not', async () => {
    const stored = await addToLibrary(world.member.client, world.workspace1, { name: 'Press kit.txt', bytes: Buffer.from('press kit'), type: 'text/plain' });
    const { data, error } = await world.viewer.client.storage.from('assets').createSignedUrl(stored.object_path, 2, { download: 'Press kit.txt' });
    expect(error).toBeNull();
    const opened = await fetch(data!.signedUrl);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toBe('press kit');
    expect(opened.headers.get('content-disposition')).toContain('attachment');
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const expired = await fetch(data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: 'InvalidJWT' });
  });
});

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../server/src/lib/jwt';
import { seedStorage } from '../../server/src/modules/storage/storage-seed';
import { STORAGE_SEED_DIR } from '../../server/src/project-paths';
import { signedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Storage's bucket API and uploads on the own server — what `npm run hosted:setup` calls — through storage-js as
 * on hosted Supabase, where storage.buckets/objects have RLS without policies: only the service key manages them.
 * Every other caller is tried from the attacker's side.
 */

let server: TestServer;
let service: SupabaseClient;

function clientWith(key: string, token?: string): SupabaseClient {
  return createClient(server.url, key, {
    ...(token ? { accessToken: async () => token } : {}),
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

const bytes = (text: string) => Buffer.from(text);

beforeAll(async () => {
  server = await startTestServer();
  await seedStorage(server.sql, server.config.storageDir, STORAGE_SEED_DIR);
  service = clientWith(server.serviceRoleKey);
});

afterAll(async () => {
  await server?.close();
});

describe('buckets with the service key', () => {
  it('lists, gets, creates and updates buckets as Storage answers', async () => {
    const listed = await service.storage.listBuckets();
    expect(listed.error).toBeNull();
    // `assets` and `asset-public` (the asset library and its featured images) and `email-images` (the Email Platform's
    // images) come from migrations, `audio` from the seed.
    expect(listed.data?.map((bucket) => [bucket.id, bucket.public])).toEqual([
      ['asset-public', true],
      ['assets', false],
      ['audio', true],
      ['email-images', true],
    ]);

    const created = await service.storage.createBucket('media', { public: false, fileSizeLimit: '1KB', allowedMimeTypes: ['image/*'] });
    expect(created).toEqual({ data: { name: 'media' }, error: null });
    const got = await service.storage.getBucket('media');
    expect(got.data).toMatchObject({ id: 'media', name: 'media', public: false, file_size_limit: 1000, allowed_mime_types: ['image/*'], owner: null });
    // Storage reads timestamps with node-postgres: JSON shows them as `2021-02-17T04:43:32.770Z` (storage-js's snapshot).
    expect(got.data?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const again = await service.storage.createBucket('media');
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });

    expect((await service.storage.updateBucket('media', { public: true })).data).toEqual({ message: 'Successfully updated' });
    expect((await service.storage.getBucket('media')).data).toMatchObject({ public: true, file_size_limit: 1000 });
    expect((await service.storage.updateBucket('missing', { public: true })).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    expect((await service.storage.getBucket('missing')).error).toMatchObject({ statusCode: '404' });
  });

  it('refuses bucket names that could leave the storage folder', async () => {
    for (const name of ['../outside', '.hidden', 'a/b', '%2e%2e']) {
      const { error } = await service.storage.createBucket(name);
      expect(error, name).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
    }
  });
});

describe('uploads with the service key', () => {
  it('uploads, refuses a second upload without upsert, replaces with upsert, and serves the public object', async () => {
    const bucket = service.storage.from('audio');
    const first = await bucket.upload('tests/clip.mp3', bytes('first'), { contentType: 'audio/mpeg' });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ path: 'tests/clip.mp3', fullPath: 'audio/tests/clip.mp3' });

    const duplicate = await bucket.upload('tests/clip.mp3', bytes('second'), { contentType: 'audio/mpeg' });
    expect(duplicate.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });

    expect((await bucket.upload('tests/clip.mp3', bytes('replaced'), { contentType: 'audio/mpeg', upsert: true })).error).toBeNull();
    const served = await fetch(bucket.getPublicUrl('tests/clip.mp3').data.publicUrl);
    expect([served.status, served.headers.get('content-type'), await served.text()]).toEqual([200, 'audio/mpeg', 'replaced']);

    expect((await bucket.update('tests/clip.mp3', bytes('updated'), { contentType: 'audio/mpeg' })).error).toBeNull();
    expect(await (await bucket.download('tests/clip.mp3')).data?.text()).toBe('updated');
    // Storage's update is an upsert (src/http/routes/object/updateObject.ts: isUpsert: true): it creates a missing object.
    expect((await bucket.update('tests/none.mp3', bytes('x'), { contentType: 'audio/mpeg' })).error).toBeNull();
  });

  it('applies the bucket’s size limit and allowed types, and the bucket must exist', async () => {
    await service.storage.createBucket('limited', { public: true, fileSizeLimit: 10, allowedMimeTypes: ['audio/mpeg'] });
    const limited = service.storage.from('limited');
    expect((await limited.upload('big.mp3', bytes('x'.repeat(11)), { contentType: 'audio/mpeg' })).error).toMatchObject({ statusCode: '413' });
    expect((await limited.upload('page.html', bytes('<h1>'), { contentType: 'text/html' })).error).toMatchObject({ statusCode: '415' });
    expect((await limited.upload('ok.mp3', bytes('small'), { contentType: 'audio/mpeg' })).error).toBeNull();
    expect((await service.storage.from('nope').upload('x.mp3', bytes('x'))).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('never writes outside the storage folder: traversal keys are refused, and no object name reaches the file system', async () => {
    for (const key of ['../jwt-secret', '..%2fjwt-secret', 'a/../../b', '%2e%2e/x', 'x%5c..%5cy', 'x%00.mp3', '']) {
      const response = await fetch(`${server.url}/storage/v1/object/audio/${key}`, {
        method: 'POST',
        headers: { apikey: server.anonKey, authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'audio/mpeg', 'x-upsert': 'true' },
        body: 'planted',
      });
      expect(response.status, key).toBe(400);
    }
    expect((await service.storage.from('audio').upload('folder/planted.mp3', bytes('planted'), { upsert: true })).error).toBeNull();
    const contentOf = (file: string) => readFile(file, 'utf8').catch(() => undefined);
    for (const file of [
      path.join(server.config.storageDir, 'jwt-secret'),
      path.join(server.config.dataDir, 'jwt-secret'),
      path.join(server.config.storageDir, 'b'),
      path.join(server.config.storageDir, 'audio', 'folder', 'planted.mp3'),
    ]) {
      expect(await contentOf(file), file).not.toBe('planted');
    }
    const [row] = await server.sql<{ version: string }[]>`select version from storage.objects where bucket_id = 'audio' and name = 'folder/planted.mp3'`;
    expect(await contentOf(path.join(server.config.storageDir, 'objects', row!.version.slice(0, 2), row!.version))).toBe('planted');
  });

  it('takes multipart forms as browsers send them (FormData, Blob), with the form’s cacheControl', async () => {
    const form = new FormData();
    form.append('', new Blob(['x'], { type: 'audio/mpeg' }), 'x.mp3');
    expect((await service.storage.from('audio').upload('form.mp3', form)).error).toBeNull();
    const info = await service.storage.from('audio').info('form.mp3');
    expect(info.data).toMatchObject({ size: 1, cacheControl: 'max-age=3600' });
  });
});

describe('from the attacker’s side', () => {
  it('anon key, a user’s session, a service token signed with another secret, and no key at all manage nothing', async () => {
    const user = await signedInUser(server);
    const forged = await signJwt({ role: 'service_role', iss: 'supabase', iat: 1_767_225_600, exp: 4_102_444_800 }, randomBytes(32).toString('hex'));
    const callers: [string, SupabaseClient][] = [
      ['anon', clientWith(server.anonKey)],
      ['user', clientWith(server.anonKey, user.session.accessToken)],
    ];
    for (const [who, client] of callers) {
      expect((await client.storage.listBuckets()).data, who).toEqual([]);
      expect((await client.storage.getBucket('audio')).error, who).toMatchObject({ statusCode: '404' });
      expect((await client.storage.createBucket(`mine-${who}`, { public: true })).error, who).toMatchObject({ statusCode: '403' });
      // Row-level security lets them see no bucket to change (src/storage/database/pg.ts updateBucket: rowCount 0).
      expect((await client.storage.updateBucket('audio', { public: false })).error, who).toMatchObject({ statusCode: '404' });
      expect((await client.storage.emptyBucket('audio')).error, who).toMatchObject({ statusCode: '404' });
      expect((await client.storage.deleteBucket('assets')).error, who).toMatchObject({ statusCode: '404' });
      expect((await client.storage.from('audio').upload('beyond-brochures.mp3', bytes('defaced'), { upsert: true })).error, who).toMatchObject({ statusCode: '403' });
    }
    const forgedClient = clientWith(server.anonKey, forged);
    // Storage's jwt plugin: a token that does not verify is AccessDenied with jose's words (src/http/plugins/jwt.ts).
    expect((await forgedClient.storage.createBucket('forged')).error).toMatchObject({ status: 400, statusCode: '403', message: 'signature verification failed' });
    expect((await forgedClient.storage.from('audio').upload('beyond-brochures.mp3', bytes('defaced'), { upsert: true })).error).toMatchObject({ statusCode: '403' });

    const noKey = await fetch(`${server.url}/storage/v1/bucket`, { method: 'POST', body: '{"name":"nokey"}' });
    expect([noKey.status, await noKey.json()]).toEqual([401, { message: 'No API key found in request' }]);

    expect(await server.sql`select id from storage.buckets where id like 'mine-%' or id in ('forged', 'nokey')`).toEqual([]);
    expect((await service.storage.getBucket('audio')).data).toMatchObject({ public: true });
    const recording = Buffer.from(await (await fetch(service.storage.from('audio').getPublicUrl('beyond-brochures.mp3').data.publicUrl)).arrayBuffer());
    expect(recording.equals(await readFile(path.join(STORAGE_SEED_DIR, 'audio', 'beyond-brochures.mp3')))).toBe(true);
  });
});

describe('seeding at start', () => {
  it('a server with its own STORAGE_DIR on the same database gets the seed’s bytes for the seed’s row', async () => {
    const dir = path.join(server.config.dataDir, `second-${randomBytes(3).toString('hex')}`);
    expect((await seedStorage(server.sql, dir, STORAGE_SEED_DIR)).copied).toEqual([]);
    const [row] = await server.sql<{ version: string }[]>`select version from storage.objects where bucket_id = 'audio' and name = 'beyond-brochures.mp3'`;
    const copy = await readFile(path.join(dir, 'objects', row!.version.slice(0, 2), row!.version));
    expect(copy.equals(await readFile(path.join(STORAGE_SEED_DIR, 'audio', 'beyond-brochures.mp3')))).toBe(true);
  });

  it('imports an older DATA_DIR/storage/buckets.json once, keeps the operator’s choices, never overwrites objects', async () => {
    const dir = path.join(server.config.dataDir, `legacy-${randomBytes(3).toString('hex')}`);
    await mkdir(path.join(dir, 'private'), { recursive: true });
    await writeFile(path.join(dir, 'buckets.json'), JSON.stringify({ private: { public: false, cacheControl: 'max-age=60' } }));
    await writeFile(path.join(dir, 'private', 'notes.txt'), 'kept by an earlier version');
    await server.sql`update storage.buckets set public = false where id = 'audio'`;
    try {
      expect((await seedStorage(server.sql, dir, STORAGE_SEED_DIR)).copied).toEqual([]);
      expect(await server.sql`select id, public from storage.buckets where id in ('audio', 'private') order by id`).toEqual([
        { id: 'audio', public: false },
        { id: 'private', public: false },
      ]);
      await expect(readFile(path.join(dir, 'buckets.json.imported'), 'utf8')).resolves.toContain('private');
      await expect(readFile(path.join(dir, 'buckets.json'))).rejects.toThrow();
      // The earlier plain file is an object of its bucket now; the seed's recording, already an object, was not added again.
      expect(await server.sql`select name, metadata->>'size' as size from storage.objects where bucket_id = 'private'`).toEqual([{ name: 'notes.txt', size: '26' }]);
    } finally {
      await server.sql`update storage.buckets set public = true where id = 'audio'`;
      await server.sql.begin(async (tx) => {
        await tx`select set_config('storage.allow_delete_query', 'true', true)`;
        await tx`delete from storage.objects where bucket_id = 'private'`;
        await tx`delete from storage.buckets where id = 'private'`;
      });
    }
  });
});

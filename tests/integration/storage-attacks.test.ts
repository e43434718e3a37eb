import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUrlToken } from '../../server/src/modules/storage/signed-urls';
import { addToLibrary } from '../support/assets';
import { rawHttp } from '../support/raw-http';
import { clientWithToken } from '../support/rest-clients';
import { ASSETS, createStorageWorld, type StorageWorld } from '../support/storage-world';
import { startTestServer, type TestServer } from '../support/test-server';
import { endSession } from '../support/tokens';

/**
 * The `assets` bucket from the attacker's side: another workspace, a viewer, anon, a signed-out token, signed URLs
 * past their expiry or used for another object or action, and paths that try to leave their place. Access is
 * decided by the policies of supabase/migrations/20261128070000_create_assets_bucket.sql and
 * 20261128130200_restrict_assets_bucket_to_the_library.sql (the same on hosted Supabase:
 * tests/hosted/storage-policies.test.ts); bytes are checked on disk as well as through the API. The object is a file
 * of the asset library, put there as the library does (reserve, upload, complete).
 */

let server: TestServer;
let world: StorageWorld;
let secret: string;
let name: string;

beforeAll(async () => {
  server = await startTestServer();
  world = await createStorageWorld(server);
  secret = server.jwtSecret;
  name = (await addToLibrary(world.owner.client, world.workspace1, { name: 'q3.txt', bytes: Buffer.from('q3 plan'), type: 'text/plain' })).object_path;
});

afterAll(async () => {
  await server?.close();
});

const objectCount = async () => Number((await server.sql`select count(*)::int as n from storage.objects where bucket_id = 'assets'`)[0]!.n);

describe('another workspace’s member, anon, a removed member: nothing of workspace 1', () => {
  it('cannot read, list, sign, upload, move, copy or remove there; the object stays as it was', async () => {
    const removedMember = world.member;
    await server.sql`delete from public.organization_members where organization_id = ${world.workspace1} and user_id = ${removedMember.id}`;
    try {
      for (const [who, client] of [['outsider', world.outsider.client], ['anon', world.anon], ['removed member', removedMember.client]] as const) {
        const bucket = client.storage.from(ASSETS);
        expect((await bucket.download(name)).error, who).toMatchObject({ status: 400 });
        expect((await bucket.info(name)).error, who).toMatchObject({ statusCode: '404' });
        expect((await bucket.list(world.workspace1)).data, who).toEqual([]);
        expect((await bucket.createSignedUrl(name, 60)).error, who).toMatchObject({ statusCode: '404' });
        expect((await bucket.createSignedUrls([name], 60)).data?.[0]?.signedUrl, who).toBeNull();
        expect((await bucket.upload(`${world.workspace1}/planted.txt`, 'x')).error, who).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
        expect((await bucket.upload(name, 'defaced', { upsert: true })).error, who).toMatchObject({ statusCode: '403' });
        expect((await bucket.createSignedUploadUrl(`${world.workspace1}/planted.txt`)).error, who).toMatchObject({ statusCode: '403' });
        expect((await bucket.move(name, `${world.workspace2}/stolen.txt`)).error, who).toMatchObject({ statusCode: '404' });
        expect((await bucket.copy(name, `${world.workspace2}/stolen.txt`)).error, who).toMatchObject({ statusCode: '404' });
        expect((await bucket.remove([name])).data, who).toEqual([]);
      }
    } finally {
      await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${world.workspace1}, ${removedMember.id}, 'member')`;
    }
    expect(await (await world.viewer.client.storage.from(ASSETS).download(name)).data?.text()).toBe('q3 plan');
    expect(await objectCount()).toBe(1);
  });

  it('a member of workspace 1 cannot move or copy its objects into workspace 2 either', async () => {
    const bucket = world.member.client.storage.from(ASSETS);
    // A stored file of the library is not the member's to move at all (only uploads in progress are writable).
    expect((await bucket.move(name, `${world.workspace2}/leaked.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await bucket.copy(name, `${world.workspace2}/leaked.txt`)).error).toMatchObject({ statusCode: '403' });
    expect((await bucket.upload(`${world.workspace2}/planted.txt`, 'x')).error).toMatchObject({ statusCode: '403' });
    expect((await bucket.upload('no-workspace.txt', 'x')).error).toMatchObject({ statusCode: '403' });
    expect(await objectCount()).toBe(1);
  });
});

describe('a viewer reads and never writes', () => {
  it('downloads, lists and signs; upload, replace, move, copy and remove are refused', async () => {
    const bucket = world.viewer.client.storage.from(ASSETS);
    expect((await bucket.list(path.dirname(name))).data?.map((entry) => entry.name)).toEqual(['q3.txt']);
    expect((await bucket.createSignedUrl(name, 60)).error).toBeNull();
    expect((await bucket.upload(`${world.workspace1}/viewer.txt`, 'x')).error).toMatchObject({ statusCode: '403' });
    expect((await bucket.update(name, 'defaced')).error).toMatchObject({ statusCode: '403' });
    expect((await bucket.move(name, `${world.workspace1}/moved.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await bucket.copy(name, `${world.workspace1}/copied.txt`)).error).toMatchObject({ statusCode: '403' });
    expect((await bucket.remove([name])).data).toEqual([]);
    expect(await (await bucket.download(name)).data?.text()).toBe('q3 plan');
    expect(await objectCount()).toBe(1);
  });
});

describe('a signed-out token', () => {
  it('reads and writes nothing from the moment its session ends, though the JWT has not expired', async () => {
    const { mintSession } = await import('../support/tokens');
    const session = await mintSession(server.sql, secret, world.member.id);
    const client = clientWithToken(server, session.accessToken).storage.from(ASSETS);
    expect((await client.download(name)).error).toBeNull();
    await endSession(server.sql, session.sessionId);
    expect((await client.download(name)).error).toMatchObject({ status: 400 });
    expect((await client.list(world.workspace1)).data).toEqual([]);
    expect((await client.upload(`${world.workspace1}/after-sign-out.txt`, 'x')).error).toMatchObject({ statusCode: '403' });
    expect((await client.createSignedUrl(name, 60)).error).toMatchObject({ statusCode: '404' });
  });
});

describe('signed URLs used past their purpose', () => {
  it('after expiry: InvalidJWT with jose’s words (Storage: verifyObjectSignature)', async () => {
    const token = await signUrlToken({ url: `${ASSETS}/${name}`, scope: 'download' }, secret, 60, Date.now() - 3600_000);
    const response = await fetch(`${server.url}/storage/v1/object/sign/${ASSETS}/${name}?token=${token}`);
    expect([response.status, await response.json()]).toEqual([400, { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: '"exp" claim timestamp check failed' }]);
  });

  it('for another object, or another action: InvalidSignature; a forged one: InvalidJWT', async () => {
    const signed = await world.viewer.client.storage.from(ASSETS).createSignedUrl(name, 60);
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const other = await fetch(`${server.url}/storage/v1/object/sign/${ASSETS}/${world.workspace1}/plans/other.txt?token=${token}`);
    expect(await other.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });
    const asUpload = await world.anon.storage.from(ASSETS).uploadToSignedUrl(name, token, 'defaced');
    expect(asUpload.error).toMatchObject({ statusCode: '400', message: 'Token is not scoped for upload' });
    const forged = await signUrlToken({ url: `${ASSETS}/${name}`, scope: 'download' }, 'x'.repeat(40), 60);
    expect(await (await fetch(`${server.url}/storage/v1/object/sign/${ASSETS}/${name}?token=${forged}`)).json()).toMatchObject({ code: 'InvalidJWT', message: 'signature verification failed' });
  });

  it('a signed upload URL used for another path is refused and writes nothing', async () => {
    // Signed with the service key: the token's scope is what is tested, not who may ask for one.
    const signed = await world.service.storage.from(ASSETS).createSignedUploadUrl(`${world.workspace1}/inbox/one.txt`);
    const elsewhere = await world.anon.storage.from(ASSETS).uploadToSignedUrl(`${world.workspace2}/inbox/one.txt`, signed.data!.token, 'planted');
    expect(elsewhere.error).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
    const over = await world.anon.storage.from(ASSETS).uploadToSignedUrl(name, signed.data!.token, 'defaced', { upsert: true });
    expect(over.error).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
    expect(await objectCount()).toBe(1);
  });
});

describe('paths that try to leave their place', () => {
  const traversals = (ws: string) => [
    `${ws}/../${ws}-other/x.txt`,
    `${ws}/%2e%2e/x.txt`,
    `${ws}/%2E%2E%2Fx.txt`,
    `${ws}/..%5cx.txt`,
    `${ws}/..\\x.txt`,
    `${ws}/x%00.txt`,
    `${ws}/./x.txt`,
    `${ws}//x.txt`,
    `${ws}/%252e%252e/x.txt`,
  ];

  it('are refused (InvalidKey) for upload, download, info and signing, and nothing lands anywhere', async () => {
    const token = world.owner.session.accessToken;
    for (const key of traversals(world.workspace1)) {
      for (const [method, prefix] of [['POST', 'object'], ['GET', 'object'], ['GET', 'object/info'], ['POST', 'object/sign']] as const) {
        const isUpload = method === 'POST' && prefix === 'object';
        const headers = { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': isUpload ? 'text/plain' : 'application/json', 'x-upsert': 'true' };
        const response = await rawHttp(server.url, method, `/storage/v1/${prefix}/${ASSETS}/${key}`, headers, isUpload ? 'planted' : method === 'POST' ? '{"expiresIn":60}' : '');
        expect([response.status, (JSON.parse(response.text) as { code: string }).code], `${method} ${prefix} ${key}`).toEqual([400, 'InvalidKey']);
        expect(response.text, key).not.toContain('planted');
      }
    }
    expect(await objectCount()).toBe(1);
    const entries = await readdir(server.config.storageDir);
    expect(entries.sort()).toEqual(['.resumable', '.uploads', 'objects']);
  });

  it('are refused in JSON bodies too: move, copy, remove and batch signing name no other place', async () => {
    const bucket = world.owner.client.storage.from(ASSETS);
    for (const key of [`${world.workspace1}/../${world.workspace2}/x.txt`, `${world.workspace1}/a\\b.txt`, `${world.workspace1}/x\u0000.txt`, '']) {
      expect((await bucket.move(name, key)).error, key).toMatchObject({ statusCode: '400' });
      expect((await bucket.copy(name, key)).error, key).toMatchObject({ statusCode: '400' });
    }
    expect(await objectCount()).toBe(1);
    const files = (await readdir(path.join(server.config.storageDir, 'objects'), { recursive: true })).filter((entry) => entry.includes('-'));
    expect(files).toHaveLength(1);
  });
});

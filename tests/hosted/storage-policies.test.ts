import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { createSql, type Sql } from '../../server/src/db/client';
import { secretOnlyJwtKeys } from '../../server/src/lib/jwt-keys';
import { deriveApiKeys, type ApiKeys } from '../../server/src/lib/api-keys';
import { signJwt } from '../../server/src/lib/jwt';
import { storageModule } from '../../server/src/modules/storage/storage-routes';

/**
 * The `assets` bucket's policies on the Supabase-shaped PostgreSQL 15, where storage.objects belongs to
 * supabase_storage_admin and the migrations were pushed as `postgres`: the storage module stands in for Supabase
 * Storage and connects as Storage does (supabase_storage_admin, switching to the caller's role with
 * request.jwt.claims set per call); accounts and sessions are written as Supabase Auth writes them. The same
 * answers as on the own server (tests/integration/storage-attacks.test.ts), so the policies hold on both.
 */

const shape = inject('supabaseShape');
const jwtSecret = randomBytes(32).toString('hex');
let api: FastifyInstance;
let url: string;
let keys: ApiKeys;
let dataDir: string;
let storageAdmin: Sql;
let authAdmin: Sql;
let postgres: Sql;

interface Person {
  id: string;
  sessionId: string;
  token: string;
  workspace: string;
}

async function person(): Promise<Person> {
  const id = randomUUID();
  const sessionId = randomUUID();
  const email = `${id.slice(0, 8)}@example.com`;
  await authAdmin.begin(async (tx) => {
    await tx`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token)
      values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, '', now(),
        ${tx.json({ provider: 'email', providers: ['email'] })}, ${tx.json({ first_name: 'Pat' })}, now(), now(), '', '')`;
    await tx`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (${sessionId}, ${id}, now(), now(), 'aal1')`;
  });
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt({ sub: id, aud: 'authenticated', role: 'authenticated', exp: now + 3600, iat: now, session_id: sessionId, email }, jwtSecret);
  const [profile] = await postgres<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${id}`;
  return { id, sessionId, token, workspace: profile!.organization_id };
}

const bucketOf = (token: string) =>
  createClient(url, keys.anonKey, { accessToken: async () => token, auth: { persistSession: false, autoRefreshToken: false } }).storage.from('assets');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bb-hosted-storage-'));
  keys = await deriveApiKeys(jwtSecret);
  storageAdmin = createSql(shape.urls.supabaseStorageAdmin, { max: 4 });
  authAdmin = createSql(shape.urls.supabaseAuthAdmin, { max: 1 });
  postgres = createSql(shape.urls.postgres, { max: 1 });
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), jwtSecret };
  api = Fastify({ logger: false });
  await api.register(storageModule, { prefix: '/storage/v1', config, sql: storageAdmin, keys, jwtKeys: secretOnlyJwtKeys(jwtSecret) });
  url = await api.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await api?.close();
  await Promise.all([storageAdmin?.end(), authAdmin?.end(), postgres?.end()]);
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * An upload in progress as start_asset_upload leaves it (20261128130100_create_asset_uploads.sql): an asset without a
 * current version and its version reserving `size` bytes at `<workspace>/<asset>/<version>/<key>`.
 */
async function reserve(workspace: string, uploader: string, key: string, size: number): Promise<string> {
  const [asset, version] = [randomUUID(), randomUUID()];
  const objectPath = `${workspace}/${asset}/${version}/${key}`;
  await postgres.begin((tx) => [
    tx`insert into public.assets (id, organization_id, name, kind, created_by) values (${asset}, ${workspace}, ${key}, 'document', ${uploader})`,
    tx`
      insert into public.asset_versions (id, asset_id, organization_id, number, object_path, file_name, mime_type, size_bytes, uploaded_by)
      values (${version}, ${asset}, ${workspace}, 1, ${objectPath}, ${key}, 'text/plain', ${size}, ${uploader})`,
  ]);
  return objectPath;
}

describe('the assets bucket’s policies on the Supabase-shaped database', () => {
  it('members write only a reserved path with its size, viewers read, another workspace and a signed-out token get nothing', async () => {
    const [owner, viewer, outsider] = [await person(), await person(), await person()];
    await postgres`insert into public.organization_members (organization_id, user_id, role) values (${owner.workspace}, ${viewer.id}, 'viewer')`;
    const name = await reserve(owner.workspace, owner.id, 'brief.txt', 'the brief'.length);
    const folder = name.slice(0, name.lastIndexOf('/'));

    expect((await bucketOf(owner.token).upload(`${owner.workspace}/unreserved.txt`, 'the brief', { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '403' });
    expect((await bucketOf(owner.token).upload(name, 'the brief and more', { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '403' });
    expect((await bucketOf(viewer.token).upload(name, 'the brief', { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '403' });
    expect((await bucketOf(owner.token).upload(name, 'the brief', { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await bucketOf(viewer.token).download(name)).data?.text()).toBe('the brief');
    expect((await bucketOf(viewer.token).list(folder)).data?.map((entry) => entry.name)).toEqual(['brief.txt']);
    expect((await bucketOf(viewer.token).remove([name])).data).toEqual([]);

    expect((await bucketOf(outsider.token).download(name)).error).toMatchObject({ status: 400 });
    expect((await bucketOf(outsider.token).list(folder)).data).toEqual([]);
    expect((await bucketOf(outsider.token).upload(`${owner.workspace}/planted.txt`, 'x')).error).toMatchObject({ statusCode: '403' });
    expect((await bucketOf(outsider.token).createSignedUrl(name, 60)).error).toMatchObject({ statusCode: '404' });
    expect((await bucketOf(keys.anonKey).download(name)).error).toMatchObject({ status: 400 });

    await authAdmin`delete from auth.sessions where id = ${viewer.sessionId}`;
    expect((await bucketOf(viewer.token).download(name)).error).toMatchObject({ status: 400 });

    // An upload still in progress may be taken back by a member (cancel_asset_upload does, then drops its rows).
    expect((await bucketOf(owner.token).remove([name])).data?.map((row) => row.name)).toEqual([name]);
    expect(await postgres`select name from storage.objects where bucket_id = 'assets'`).toEqual([]);
  });

  it('a stored file (its upload completed) is replaced, moved or removed by nobody', async () => {
    const owner = await person();
    const name = await reserve(owner.workspace, owner.id, 'logo.txt', 4);
    expect((await bucketOf(owner.token).upload(name, 'logo', { contentType: 'text/plain' })).error).toBeNull();
    await postgres`update public.asset_versions set state = 'ready', completed_at = now() where object_path = ${name}`;

    expect((await bucketOf(owner.token).upload(name, 'evil', { contentType: 'text/plain', upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect((await bucketOf(owner.token).move(name, `${owner.workspace}/moved.txt`)).error).toMatchObject({ status: 400 });
    expect((await bucketOf(owner.token).remove([name])).data).toEqual([]);
    expect(await (await bucketOf(owner.token).download(name)).data?.text()).toBe('logo');
  });
});

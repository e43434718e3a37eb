import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { deriveApiKeys } from '../../server/src/lib/api-keys';
import { rotateJwtKeysText } from '../../server/src/lib/jwt-keys';
import { startServer, type RunningServer } from '../../server/src/server';
import { STORAGE_SEED_DIR } from '../../server/src/project-paths';
import { adminEmailFromUsername } from '../../src/config/admin';
import type { Database } from '../../src/types/database';
import { createDatabaseFromTemplate, type TestDatabase } from '../support/cluster';

/**
 * Two servers on one PostgreSQL (DATABASE_URL), each with its own DATA_DIR, the same JWT_SECRET and JWT_KEYS and one shared
 * STORAGE_DIR — several instances behind a load balancer: whichever answers, a session, a sign-out, the rate limits,
 * the menu and stored objects are the same, because all of them live in the database or the shared folder.
 */

const JWT_SECRET = randomBytes(32).toString('hex');
const ADMIN_PASSWORD = 'several-servers-admin';
let db: TestDatabase;
let dir: string;
let first: RunningServer;
let second: RunningServer;
let anonKey: string;
let serviceRoleKey: string;
let jwtKeys: string;

async function start(name: string, storageDir: string): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    DATA_DIR: path.join(dir, name),
    STORAGE_DIR: storageDir,
    JWT_SECRET,
    // Users' tokens are signed with JWT_KEYS' RS256 key: generated per DATA_DIR when not given (README).
    JWT_KEYS: jwtKeys,
    ADMIN_PASSWORD,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'silent',
  });
  return startServer(config, () => {});
}

function client(server: RunningServer, key = anonKey): SupabaseClient<Database> {
  return createClient<Database>(server.url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

beforeAll(async () => {
  db = await createDatabaseFromTemplate(inject('cluster'));
  jwtKeys = await rotateJwtKeysText(undefined);
  dir = await mkdtemp(path.join(tmpdir(), 'bb-several-'));
  const shared = path.join(dir, 'shared-storage');
  first = await start('first', shared);
  second = await start('second', shared);
  ({ anonKey, serviceRoleKey } = await deriveApiKeys(JWT_SECRET));
});

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('two servers on one database', () => {
  it('a session made on one works on the other; a sign-out on the other ends it on both at once', async () => {
    const email = `several-${randomBytes(3).toString('hex')}@example.com`;
    const onFirst = client(first);
    const signedUp = await onFirst.auth.signUp({ email, password: 'a-good-password', options: { data: { first_name: 'Sev', last_name: 'Eral' } } });
    expect(signedUp.error).toBeNull();
    const session = signedUp.data.session!;

    const onSecond = client(second);
    await onSecond.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect((await onSecond.from('profiles').select('first_name').eq('user_id', session.user.id).single()).data).toEqual({ first_name: 'Sev' });
    const refreshed = await onSecond.auth.refreshSession();
    expect(refreshed.error).toBeNull();

    const stale = createClient<Database>(first.url, anonKey, { accessToken: async () => refreshed.data.session!.access_token });
    expect((await stale.from('profiles').select('user_id')).status).toBe(200);
    expect((await onSecond.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect((await stale.from('profiles').select('user_id')).status).toBe(401);
    expect((await onFirst.auth.refreshSession({ refresh_token: session.refresh_token })).error).not.toBeNull();
  });

  it('rate limits are shared: a client spreading its requests over both servers is stopped at the same count as on one', async () => {
    const attempts = async (servers: RunningServer[], address: string) => {
      for (let count = 0; count < 200; count++) {
        const server = servers[count % servers.length]!;
        const response = await fetch(`${server.url}/auth/v1/verify`, {
          method: 'POST',
          headers: { apikey: anonKey, 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ type: 'email', email: 'nobody@example.com', token: '000000' }),
        });
        if (response.status === 429) return count;
      }
      return Infinity;
    };
    const alone = await attempts([first], '10.15.0.1');
    expect(alone).toBeLessThan(200);
    expect(await attempts([first, second], '10.15.0.2')).toBe(alone);
  });

  it('the menu the site admin changes on one server is the menu the other serves', async () => {
    const admin = client(second);
    expect((await admin.auth.signInWithPassword({ email: adminEmailFromUsername('admin'), password: ADMIN_PASSWORD })).error).toBeNull();
    await admin.from('menu_items').update({ name: 'Start' }).eq('href', '/');
    expect((await client(first).from('menu_items').select('name').eq('href', '/')).data).toEqual([{ name: 'Start' }]);
    await admin.rpc('reset_menu_items');
    expect((await client(first).from('menu_items').select('name').eq('href', '/')).data).toEqual([{ name: 'Home' }]);
  });

  it('buckets are the database’s, objects the shared folder’s: what one server stores, the other serves', async () => {
    const recording = await readFile(path.join(STORAGE_SEED_DIR, 'audio', 'beyond-brochures.mp3'));
    for (const server of [first, second]) {
      const served = await fetch(`${server.url}/storage/v1/object/public/audio/beyond-brochures.mp3`);
      expect(Buffer.from(await served.arrayBuffer()).equals(recording)).toBe(true);
    }
    const service = client(first, serviceRoleKey);
    expect((await service.storage.createBucket('shared', { public: true })).error).toBeNull();
    expect((await service.storage.from('shared').upload('note.txt', Buffer.from('stored once'), { contentType: 'text/plain' })).error).toBeNull();
    expect((await client(second, serviceRoleKey).storage.listBuckets()).data?.map((bucket) => bucket.id)).toEqual(['asset-public', 'assets', 'audio', 'email-images', 'shared']);
    expect(await (await fetch(`${second.url}/storage/v1/object/public/shared/note.txt`)).text()).toBe('stored once');
  });
});

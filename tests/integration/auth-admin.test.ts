import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../server/src/lib/jwt';
import { adminEmailFromUsername } from '../../src/config/admin';
import { signIn, signUpUser, TEST_PASSWORD } from '../support/auth';
import { clientWithToken } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * GoTrue's admin API (/auth/v1/admin/users) through supabase-js's `auth.admin`, as `npm run hosted:setup` and the
 * dashboard's "Add user" use it: the service-role key only; everything else tried from the attacker's side.
 */

let server: TestServer;
let admin: SupabaseClient['auth']['admin'];

function raw(method: string, path: string, token: string | undefined, body?: unknown) {
  return fetch(`${server.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = createClient(server.url, server.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } }).auth.admin;
});

afterAll(async () => {
  await server?.close();
});

describe('creating users', () => {
  it('creates a confirmed site admin at admin@admin.localhost who signs in, with app_metadata only the service key sets', async () => {
    const email = adminEmailFromUsername('setup-admin');
    const { data, error } = await admin.createUser({
      email,
      password: 'a-strong-admin-password',
      email_confirm: true,
      app_metadata: { site_admin: true },
      user_metadata: { first_name: 'Site', last_name: 'Admin', company_name: 'Site administration' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'], site_admin: true },
      user_metadata: { first_name: 'Site', last_name: 'Admin', company_name: 'Site administration', email_verified: true },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', identity_data: { email, email_verified: true } });

    const session = await signIn(server, email, 'a-strong-admin-password');
    expect((await session.client.rpc('is_site_admin')).data).toBe(true);
    // The sign-up trigger ran as for any account: a profile and an organization.
    expect((await session.client.from('profiles').select('first_name').eq('user_id', data.user!.id).single()).data).toEqual({ first_name: 'Site' });
  });

  it('refuses an address already registered, a weak password, and fields this server does not support', async () => {
    const existing = await signUpUser(server);
    expect((await admin.createUser({ email: existing.email, password: 'another-password' })).error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    expect((await admin.createUser({ email: uniqueEmail(), password: '123' })).error).toMatchObject({ status: 422, code: 'weak_password' });
    expect((await admin.createUser({ email: 'not an address', password: 'long-enough' })).error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await admin.createUser({ email: uniqueEmail(), password: 'long-enough', role: 'service_role' })).error).toMatchObject({
      status: 400,
      message: "Setting role is not supported by this server's admin API",
    });
    expect((await admin.createUser({ password: 'long-enough' })).error).toMatchObject({ status: 422 });
  });
});

describe('changing users', () => {
  it('promotes an account: new password, confirmed, flag merged (null removes a key); every old session ends at once', async () => {
    const user = await signUpUser(server, { metadata: { first_name: 'Pat', last_name: 'Promoted' } });
    await admin.updateUserById(user.user.id, { app_metadata: { temporary: 'x' } });
    const { data, error } = await admin.updateUserById(user.user.id, {
      password: 'the-new-admin-password',
      email_confirm: true,
      app_metadata: { site_admin: true, temporary: null },
      user_metadata: { last_name: 'Admin' },
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], site_admin: true });
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Pat', last_name: 'Admin' });

    const stale = await clientWithToken(server, user.session.access_token).from('profiles').select('user_id');
    expect(stale.status).toBe(401);
    expect((await user.client.auth.refreshSession({ refresh_token: user.session.refresh_token })).error).not.toBeNull();
    await expect(signIn(server, user.email, TEST_PASSWORD)).rejects.toThrow('Invalid login credentials');
    const promoted = await signIn(server, user.email, 'the-new-admin-password');
    expect((await promoted.client.rpc('is_site_admin')).data).toBe(true);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await admin.updateUserById('00000000-0000-4000-8000-000000000000', { password: 'long-enough' })).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
    });
    const malformed = await raw('GET', '/admin/users/not-a-uuid', server.serviceRoleKey);
    expect([malformed.status, await malformed.json()]).toEqual([400, { code: 'validation_failed', message: 'user_id must be an UUID' }]);
  });
});

describe('reading users', () => {
  it('gets one user and pages through the list with GoTrue’s X-Total-Count and Link', async () => {
    const user = await signUpUser(server);
    expect((await admin.getUserById(user.user.id)).data.user?.email).toBe(user.email);
    const firstPage = await admin.listUsers({ page: 1, perPage: 2 });
    expect(firstPage.error).toBeNull();
    expect(firstPage.data.users).toHaveLength(2);
    const [counted] = await server.sql<{ total: number }[]>`select count(*)::int as total from auth.users`;
    const total = counted!.total;
    expect(firstPage.data).toMatchObject({ total, nextPage: 2, lastPage: Math.ceil(total / 2) });
    const everyone = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(everyone.data.users.map((each) => each.email)).toContain(user.email);

    const filtered = await raw('GET', `/admin/users?filter=${encodeURIComponent(user.email.slice(0, 12))}`, server.serviceRoleKey);
    expect(((await filtered.json()) as { users: { email: string }[] }).users.map((each) => each.email)).toEqual([user.email]);
  });
});

describe('from the attacker’s side', () => {
  it('refuses every admin call without the service key, and a service token signed with another secret', async () => {
    const user = await signUpUser(server);
    const forged = await signJwt({ role: 'service_role', iss: 'supabase', iat: 1_767_225_600, exp: 4_102_444_800 }, randomBytes(32).toString('hex'));
    const target = `/admin/users/${user.user.id}`;
    const promote = { app_metadata: { site_admin: true } };
    const cases: [string | undefined, number, string][] = [
      [undefined, 401, 'no_authorization'],
      [server.anonKey, 403, 'not_admin'],
      [user.session.access_token, 403, 'not_admin'],
      [forged, 403, 'bad_jwt'],
      ['garbage', 403, 'bad_jwt'],
    ];
    for (const [token, status, code] of cases) {
      for (const [method, path, body] of [
        ['PUT', target, promote],
        ['POST', '/admin/users', { email: uniqueEmail('planted'), password: 'long-enough', app_metadata: { site_admin: true } }],
        ['GET', '/admin/users', undefined],
        ['GET', target, undefined],
      ] as const) {
        const response = await raw(method, path, token, body);
        expect([method, path, token?.slice(0, 12), response.status, ((await response.json()) as { code: string }).code]).toEqual([
          method, path, token?.slice(0, 12), status, code,
        ]);
      }
    }
    const [row] = await server.sql`select raw_app_meta_data ->> 'site_admin' as flag from auth.users where id = ${user.user.id}`;
    expect(row).toEqual({ flag: null });
    expect(await server.sql`select 1 from auth.users where email like 'planted-%'`).toEqual([]);
    // A user cannot grant it to themselves either (PUT /user refuses app_metadata).
    expect((await user.client.auth.updateUser({ data: { site_admin: true } })).error).toBeNull();
    expect((await user.client.rpc('is_site_admin')).data).toBe(false);
  });
});

import { createClient, type AuthChangeEvent } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_STORAGE_KEY } from '../../src/config/admin';
import { clientWithStorage, signIn, signUpUser, TEST_PASSWORD } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// The real @supabase/supabase-js client against the real server and PostgreSQL (AUTH_AUTOCONFIRM: default true).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('sign-up (autoconfirm)', () => {
  it('returns a session, emits SIGNED_IN and creates the profile and organization from the metadata', async () => {
    const client = server.client();
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const email = uniqueEmail('Ann');
    const { data, error } = await client.auth.signUp({
      email,
      password: TEST_PASSWORD,
      options: { data: { first_name: 'Ann', last_name: 'Lee', company_name: 'Acme Corp' }, emailRedirectTo: `${server.url}/` },
    });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    expect(data.user).toMatchObject({
      email: email.toLowerCase(),
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ann', last_name: 'Lee', company_name: 'Acme Corp', email_verified: true },
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.identities).toHaveLength(1);
    expect(data.session!.token_type).toBe('bearer');
    expect(data.session!.expires_in).toBe(3600);
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);

    const [row] = await server.sql`
      select p.first_name, p.last_name, o.name as organization, m.role
      from public.profiles p
      join public.organizations o on o.id = p.organization_id
      join public.organization_members m on m.organization_id = o.id and m.user_id = p.user_id
      where p.user_id = ${data.user!.id}`;
    expect(row).toEqual({ first_name: 'Ann', last_name: 'Lee', organization: 'Acme Corp', role: 'owner' });
  });

  it('refuses a second sign-up of the same address with user_already_exists', async () => {
    const { email } = await signUpUser(server);
    const { data, error } = await server.client().auth.signUp({ email, password: 'another-password' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ name: 'AuthApiError', status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a weak password with AuthWeakPasswordError and its reasons', async () => {
    const { error } = await server.client().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
  });
});

describe('sign-in', () => {
  it('signs in with the right password and keeps last_sign_in_at', async () => {
    const { email, user } = await signUpUser(server);
    const client = server.client();
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const { data, error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(user.id);
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    const [row] = await server.sql<{ last: Date }[]>`select last_sign_in_at as last from auth.users where id = ${user.id}`;
    expect(Date.now() - row!.last.getTime()).toBeLessThan(60_000);
    expect(new Date(data.user!.last_sign_in_at!).getTime()).toBe(row!.last.getTime());
  });

  it('answers a wrong password and an unknown address alike: "Invalid login credentials"', async () => {
    const { email } = await signUpUser(server);
    for (const attempt of [
      { email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: TEST_PASSWORD },
    ]) {
      const { data, error } = await server.client().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });
});

describe('the signed-in user', () => {
  it('reads the user with getUser and updates its metadata and password with updateUser', async () => {
    const { client, user, email } = await signUpUser(server, { metadata: { first_name: 'Bo', last_name: 'Ek', theme: 'dark' } });
    const got = await client.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user).toMatchObject({ id: user.id, email });

    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const updated = await client.auth.updateUser({ data: { first_name: 'Bob', theme: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.user_metadata).toEqual({ first_name: 'Bob', last_name: 'Ek', email_verified: true });
    expect(events).toContain('USER_UPDATED');

    const samePassword = await client.auth.updateUser({ password: TEST_PASSWORD });
    expect(samePassword.error).toMatchObject({ status: 422, code: 'same_password' });
    const changed = await client.auth.updateUser({ password: 'a-brand-new-password' });
    expect(changed.error).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await server.client().auth.signInWithPassword({ email, password: 'a-brand-new-password' })).error).toBeNull();
  });

  it('refreshes the session on demand (TOKEN_REFRESHED) with a rotated refresh token', async () => {
    const { client, session } = await signUpUser(server);
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(data.session!.user.id).toBe(session.user.id);
    expect(events).toContain('TOKEN_REFRESHED');
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('signOut({ scope: "global" }) ends the session of another client of the same user', async () => {
    const first = await signUpUser(server);
    const second = await signIn(server, first.email, first.password);
    const events: AuthChangeEvent[] = [];
    first.client.auth.onAuthStateChange((event) => void events.push(event));

    const { error } = await first.client.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    const [{ count }] = await server.sql<{ count: number }[]>`
      select count(*)::int as count from auth.sessions where user_id = ${first.user.id}`;
    expect(count).toBe(0);

    const afterwards = await second.client.auth.getUser();
    expect(afterwards.data.user).toBeNull();
    expect(afterwards.error).toMatchObject({ name: 'AuthSessionMissingError' });
    const refresh = await server.client().auth.refreshSession({ refresh_token: second.session.refresh_token });
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('emits the onAuthStateChange sequence of a whole visit', async () => {
    const email = uniqueEmail();
    const client = server.client();
    const events: string[] = [];
    client.auth.onAuthStateChange((event, session) => void events.push(`${event}:${session ? 'session' : 'none'}`));
    await client.auth.signUp({ email, password: TEST_PASSWORD });
    await client.auth.refreshSession();
    await client.auth.updateUser({ data: { marketing_role: 'seo' } });
    await client.auth.signOut();
    expect(events).toEqual([
      'INITIAL_SESSION:none',
      'SIGNED_IN:session',
      'TOKEN_REFRESHED:session',
      'USER_UPDATED:session',
      'SIGNED_OUT:none',
    ]);
  });
});

describe('the storage key', () => {
  it('stores the session under sb-<first label of the host>-auth-token, or the admin key when given', async () => {
    const { email } = await signUpUser(server);
    const { client, store } = clientWithStorage(server);
    await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect([...store.keys()]).toEqual(['sb-127-auth-token']);
    const stored = JSON.parse(store.get('sb-127-auth-token')!);
    expect(Object.keys(stored)).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'expires_at', 'expires_in', 'token_type', 'user']));

    const admin = clientWithStorage(server, { storageKey: ADMIN_SESSION_STORAGE_KEY });
    await admin.client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect([...admin.store.keys()]).toEqual([ADMIN_SESSION_STORAGE_KEY]);
    await client.auth.signOut({ scope: 'local' });
    expect(store.size).toBe(0);
    expect((await admin.client.auth.getUser()).error).toBeNull();
  });

  it('keeps the admin key apart from the key supabase-js derives for any host, e.g. a backend at admin.example.com', () => {
    const onAdminHost = createClient('https://admin.example.com', server.anonKey, { auth: { persistSession: false } });
    const derived = (onAdminHost.auth as unknown as { storageKey: string }).storageKey;
    expect(derived).toBe('sb-admin-auth-token');
    expect(ADMIN_SESSION_STORAGE_KEY).not.toBe(derived);
    expect(ADMIN_SESSION_STORAGE_KEY).not.toMatch(/^sb-.*-auth-token/);
  });
});

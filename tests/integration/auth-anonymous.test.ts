import { createClient, isAuthApiError, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database';
import { lastEmailTo, linkOnServer, signIn, signUpUser, TEST_PASSWORD } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * Anonymous sign-ins as GoTrue offers them (supabase-js `signInAnonymously`), off unless
 * AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED, and what a guest session may do in the product: nothing of any workspace
 * (docs/decisions/0025-anonymous-sign-ins.md). Attacker's side: a guest's own supabase-js client.
 */

let disabled: TestServer;
let server: TestServer;

beforeAll(async () => {
  [disabled, server] = await Promise.all([startTestServer(), startTestServer({ AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true' })]);
});

afterAll(async () => {
  await Promise.all([disabled?.close(), server?.close()]);
});

async function guest(on: TestServer, data: Record<string, unknown> = {}) {
  const client = on.client();
  const { data: signedIn, error } = await client.auth.signInAnonymously({ options: { data, captchaToken: 'no-captcha-here' } });
  if (error || !signedIn.session || !signedIn.user) throw new Error(`anonymous sign-in failed: ${error?.message}`);
  return { client, user: signedIn.user, session: signedIn.session };
}

async function personalWorkspaceOf(on: TestServer, userId: string): Promise<string> {
  const [row] = await on.sql<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${userId}`;
  return row!.organization_id;
}

describe('anonymous sign-ins switched off (the default, as GoTrue)', () => {
  it('signInAnonymously: 422 anonymous_provider_disabled "Anonymous sign-ins are disabled", and no user is created', async () => {
    const [before] = await disabled.sql<{ n: number }[]>`select count(*)::int as n from auth.users`;
    const { data, error } = await disabled.client().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(isAuthApiError(error) && { status: error.status, code: error.code, message: error.message }).toEqual({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
    const [after] = await disabled.sql<{ n: number }[]>`select count(*)::int as n from auth.users`;
    expect(after!.n).toBe(before!.n);
    const settings = await (await fetch(`${disabled.url}/auth/v1/settings`, { headers: { apikey: disabled.anonKey } })).json();
    expect(settings.external.anonymous_users).toBe(false);
  });
});

describe('anonymous sign-ins switched on (AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED=true)', () => {
  it('signInAnonymously: a session of a user with is_anonymous, its data, no identity; the token says is_anonymous, aal1, amr anonymous', async () => {
    const { client, user, session } = await guest(server, { theme: 'dark' });
    expect(user).toMatchObject({ role: 'authenticated', aud: 'authenticated', email: '', phone: '', is_anonymous: true, app_metadata: {}, identities: [] });
    expect(user.user_metadata).toEqual({ theme: 'dark' });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: user.id, role: 'authenticated', aal: 'aal1', is_anonymous: true, email: '' });
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['anonymous']);
    const fetched = await client.auth.getUser();
    expect(fetched.data.user?.is_anonymous).toBe(true);
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).is_anonymous).toBe(true);
    const settings = await (await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } })).json();
    expect(settings.external.anonymous_users).toBe(true);
    // No profile, no personal workspace, no membership for a guest.
    expect(await server.sql`select 1 from public.profiles where user_id = ${user.id}`).toEqual([]);
    expect(await server.sql`select 1 from public.organization_members where user_id = ${user.id}`).toEqual([]);
  });

  it('a guest cannot create a workspace (403 anonymous_user) and nothing is left behind', async () => {
    const { client, user } = await guest(server);
    const name = `Guest workspace ${user.id}`;
    const created = await client.rpc('create_workspace', { name });
    expect(created.data).toBeNull();
    expect([created.status, created.error?.code, created.error?.details]).toEqual([403, '42501', 'anonymous_user']);
    expect(await server.sql`select 1 from public.organizations where name = ${name}`).toEqual([]);
    expect(await server.sql`select 1 from public.organization_members where user_id = ${user.id}`).toEqual([]);
  });

  it('a guest cannot accept an invitation, even holding its token, nor be made a member by any path', async () => {
    const owner = await signUpUser(server);
    const workspace = await personalWorkspaceOf(server, owner.user.id);
    const invited = await owner.client
      .rpc('invite_to_workspace', { workspace_id: workspace, email: uniqueEmail('invitee'), access_role: 'member' })
      .single();
    expect(invited.error).toBeNull();
    const { client, user } = await guest(server);
    const accepted = await client.rpc('accept_invitation', { token: invited.data!.token });
    expect(accepted.status).toBe(403);
    expect(await server.sql`select 1 from public.organization_members where user_id = ${user.id}`).toEqual([]);
    // The database itself refuses a guest's membership, whoever inserts it (here the superuser).
    await expect(
      server.sql`insert into public.organization_members (organization_id, user_id, role) values (${workspace}, ${user.id}, 'viewer')`,
    ).rejects.toMatchObject({ code: '42501', detail: 'anonymous_user' });
  });

  it('a guest reads nothing of another workspace and cannot write into it', async () => {
    const owner = await signUpUser(server);
    const workspace = await personalWorkspaceOf(server, owner.user.id);
    const content = await owner.client
      .from('content_items')
      .insert({ organization_id: workspace, title: 'Secret launch plan' })
      .select('id')
      .single();
    expect(content.error).toBeNull();
    const { client } = await guest(server);
    const db = client as SupabaseClient<Database>;
    for (const table of ['organizations', 'organization_members', 'profiles', 'content_items', 'campaigns'] as const) {
      const { data, error } = await db.from(table).select('*');
      expect([table, error, data]).toEqual([table, null, []]);
    }
    const written = await db.from('content_items').insert({ organization_id: workspace, title: 'Injected' });
    expect(written.error?.code).toBe('42501');
    const renamed = await db.from('organizations').update({ name: 'Taken over' }).eq('id', workspace).select();
    expect(renamed.data).toEqual([]);
    const [row] = await server.sql<{ name: string }[]>`select name from public.organizations where id = ${workspace}`;
    expect(row!.name).not.toBe('Taken over');
    // The workspace's asset storage neither lists nor takes a guest's upload.
    const upload = await client.storage.from('assets').upload(`${workspace}/planted.txt`, new Blob(['x'], { type: 'text/plain' }));
    expect(upload.error).not.toBeNull();
    expect((await client.storage.from('assets').list(workspace)).data ?? []).toEqual([]);
    expect(await server.sql`select 1 from storage.objects where name like ${`${workspace}/%`}`).toEqual([]);
  });

  it('reauthenticate: 400 validation_failed, the user has neither an e-mail nor a phone', async () => {
    const { client } = await guest(server);
    const { error } = await client.auth.reauthenticate();
    expect(isAuthApiError(error) && { status: error.status, code: error.code, message: error.message }).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Reauthentication requires the user to have an email or a phone number',
    });
  });

  it('a password alone is refused (422), as GoTrue: a guest needs an address first', async () => {
    const { client } = await guest(server);
    const { error } = await client.auth.updateUser({ password: 'a-guest-password' });
    expect(isAuthApiError(error) && { status: error.status, code: error.code, message: error.message }).toEqual({
      status: 422,
      code: 'validation_failed',
      message: 'Updating password of an anonymous user without an email or phone is not allowed',
    });
  });

  it('updateUser({ email }) with autoconfirm converts the guest: permanent, an e-mail identity, then a personal workspace and a password', async () => {
    const { client, user } = await guest(server, { first_name: 'Gina' });
    const email = uniqueEmail('converted');
    const updated = await client.auth.updateUser({ email });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ id: user.id, email, is_anonymous: false, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(updated.data.user!.email_confirmed_at).toBeTruthy();
    expect(updated.data.user!.identities!.map((identity) => [identity.provider, identity.identity_data?.email])).toEqual([['email', email]]);
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).is_anonymous).toBe(false);
    // Now a sign-up's profile and personal workspace, and workspaces of their own.
    const own = await client.from('organizations').select('name, is_personal');
    expect(own.data).toEqual([{ name: "Gina's workspace", is_personal: true }]);
    const created = await client.rpc('create_workspace', { name: 'Gina Co' });
    expect(created.error).toBeNull();
    expect((await client.auth.updateUser({ password: TEST_PASSWORD })).error).toBeNull();
    expect((await signIn(server, email, TEST_PASSWORD)).user.id).toBe(user.id);
  });

  it('converting to an address another account has: 422 email_exists, the guest stays a guest', async () => {
    const other = await signUpUser(server);
    const { client, user } = await guest(server);
    const { error } = await client.auth.updateUser({ email: other.email });
    expect(error?.code).toBe('email_exists');
    expect(await server.sql`select is_anonymous, email from auth.users where id = ${user.id}`).toEqual([{ is_anonymous: true, email: null }]);
  });
});

describe('anonymous sign-ins per client IP (RATE_LIMIT_ANONYMOUS_USERS, GoTrue’s 30 an hour)', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true', RATE_LIMIT_ANONYMOUS_USERS: '3', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await small?.close();
  });
  const from = (address: string) =>
    createClient<Database>(small.url, small.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'x-forwarded-for': address } },
    });

  it('the 4th from one address is 429 over_request_rate_limit; another address still signs in; e-mail sign-ups are not held back', async () => {
    for (let n = 0; n < 3; n += 1) expect((await from('198.51.100.7').auth.signInAnonymously()).error).toBeNull();
    const { data, error } = await from('198.51.100.7').auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(isAuthApiError(error) && [error.status, error.code]).toEqual([429, 'over_request_rate_limit']);
    expect((await from('198.51.100.8').auth.signInAnonymously()).error).toBeNull();
    const signedUp = await from('198.51.100.7').auth.signUp({ email: uniqueEmail('limited'), password: TEST_PASSWORD });
    expect(signedUp.error).toBeNull();
  });
});

describe('converting a guest with e-mail confirmation on (AUTH_AUTOCONFIRM=false)', () => {
  let confirming: TestServer;
  beforeAll(async () => {
    confirming = await startTestServer({ AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true', AUTH_AUTOCONFIRM: 'false' });
  });
  afterAll(async () => {
    await confirming?.close();
  });

  it('updateUser({ email }) mails the new address only; the guest stays a guest until the link is followed', async () => {
    const { client, user } = await guest(confirming);
    const email = uniqueEmail('confirming');
    const updated = await client.auth.updateUser({ email });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ is_anonymous: true, email: '', new_email: email });
    expect(await confirming.sql`select 1 from public.organization_members where user_id = ${user.id}`).toEqual([]);
    const mail = await lastEmailTo(confirming, email, 'email_change_new');
    const followed = await fetch(linkOnServer(confirming, mail.link), { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const hash = new URLSearchParams(new URL(followed.headers.get('location')!).hash.slice(1));
    expect(hash.get('type')).toBe('email_change');
    expect(decodeJwt(hash.get('access_token')!).is_anonymous).toBe(false);
    expect(await confirming.sql`select is_anonymous, email from auth.users where id = ${user.id}`).toEqual([{ is_anonymous: false, email }]);
    expect(await confirming.sql`select role from public.organization_members where user_id = ${user.id}`).toEqual([{ role: 'owner' }]);
  });
});

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * The calls the account screens make (spec §7 "Profiles"), through the real supabase-js client against the own
 * server: a user reads and changes their own profile, and nobody else's (RLS), from the attacker's side too.
 */

let server: TestServer;

interface Account {
  client: SupabaseClient<Database>;
  id: string;
}

async function signUp(metadata: Record<string, string>): Promise<Account> {
  const client = server.client();
  const { data, error } = await client.auth.signUp({ email: uniqueEmail('profile'), password: 'profile-password', options: { data: metadata } });
  if (error || !data.user || !data.session) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { client, id: data.user.id };
}

let alice: Account;
let bob: Account;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp({ first_name: 'Alice', last_name: 'Ames', company_name: 'Acme Corp' });
  bob = await signUp({ first_name: 'Bob', last_name: 'Burns', company_name: '' });
});

afterAll(async () => {
  await server?.close();
});

describe('reading the profile', () => {
  it('returns the own profile with select * eq user_id single, and its organization', async () => {
    const { data, error } = await alice.client.from('profiles').select('*').eq('user_id', alice.id).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ user_id: alice.id, first_name: 'Alice', last_name: 'Ames', marketing_role: null });
    const organization = await alice.client.from('organizations').select('id, name').eq('id', data!.organization_id!).single();
    expect(organization.data).toEqual({ id: data!.organization_id, name: 'Acme Corp' });
  });

  it("names the organization after the first name when no company was given", async () => {
    const { data } = await bob.client.from('profiles').select('organization_id').eq('user_id', bob.id).single();
    const organization = await bob.client.from('organizations').select('name').eq('id', data!.organization_id!).single();
    expect(organization.data).toEqual({ name: "Bob's workspace" });
  });

  it("does not show another user's profile or organization", async () => {
    const profile = await alice.client.from('profiles').select('*').eq('user_id', bob.id).single();
    expect(profile.error?.code).toBe('PGRST116');
    const all = await alice.client.from('profiles').select('user_id');
    expect(all.data).toEqual([{ user_id: alice.id }]);
    const organizations = await alice.client.from('organizations').select('name');
    expect(organizations.data).toEqual([{ name: 'Acme Corp' }]);
  });
});

describe('changing the profile', () => {
  it('sets last_active and the role, names of the own profile', async () => {
    const now = new Date().toISOString();
    const touched = await alice.client.from('profiles').update({ last_active: now }).eq('user_id', alice.id);
    expect(touched.error).toBeNull();
    const { data, error } = await alice.client
      .from('profiles')
      .update({ first_name: 'Alicia', marketing_role: 'content_marketing_manager' })
      .eq('user_id', alice.id)
      .select('*')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ first_name: 'Alicia', last_name: 'Ames', marketing_role: 'content_marketing_manager' });
    expect(Date.parse(data!.last_active!)).toBe(Date.parse(now));
  });

  it("cannot change another user's profile: nothing matches, the row stays as it was", async () => {
    const { data, error } = await alice.client.from('profiles').update({ first_name: 'Hacked' }).eq('user_id', bob.id).select('*');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const single = await alice.client.from('profiles').update({ marketing_role: 'creative_director' }).eq('user_id', bob.id).select('*').single();
    expect(single.error?.code).toBe('PGRST116');
    const [row] = await server.sql`select first_name, marketing_role from public.profiles where user_id = ${bob.id}`;
    expect(row).toEqual({ first_name: 'Bob', marketing_role: null });
  });

  it('cannot move the own profile to another organization or user', async () => {
    const { data: bobProfile } = await bob.client.from('profiles').select('organization_id').eq('user_id', bob.id).single();
    const moved = await alice.client.from('profiles').update({ organization_id: bobProfile!.organization_id }).eq('user_id', alice.id);
    expect(moved.status).toBe(403);
    expect(moved.error?.code).toBe('42501');
    const renamed = await alice.client.from('profiles').update({ user_id: bob.id }).eq('user_id', alice.id);
    expect(renamed.error?.code).toBe('42501');
  });

  it('refuses a role outside the ten', async () => {
    const { error, status } = await alice.client.from('profiles').update({ marketing_role: 'astronaut' }).eq('user_id', alice.id);
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
  });

  it('refuses any change without a signed-in user', async () => {
    const anon = server.client();
    const { error, status } = await anon.from('profiles').update({ first_name: 'Anon' }).eq('user_id', alice.id);
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    const [row] = await server.sql`select first_name from public.profiles where user_id = ${alice.id}`;
    expect(row).toEqual({ first_name: 'Alicia' });
  });

  it('stops working once the user signed out everywhere', async () => {
    const carol = await signUp({ first_name: 'Carol', last_name: 'Cole' });
    const { data } = await carol.client.auth.getSession();
    const token = data.session!.access_token;
    const { error } = await carol.client.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    const stale = await fetch(`${server.url}/rest/v1/profiles?select=first_name&user_id=eq.${carol.id}`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
    });
    expect(stale.status).toBe(401);
  });
});

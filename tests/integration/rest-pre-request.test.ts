import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../support/auth';
import { configureAuthenticator, eventually } from '../support/db-config';
import { clientWithToken, untypedClientWithToken } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * PostgREST's `db-pre-request` on the own server: the function named by the authenticator role's
 * `pgrst.db_pre_request` (set by a migration, read again on NOTIFY pgrst, 'reload config') runs in every request's
 * transaction, after the settings, as the request's role; raising aborts the request with the raised response.
 * The session check of hosted Supabase and of this server is that function (migration 20261123030000).
 */

let server: TestServer;

async function preRequestSetting(): Promise<string | undefined> {
  const [row] = await server.sql<{ value: string }[]>`
    select substr(setting, strpos(setting, '=') + 1) as value
    from pg_db_role_setting s, unnest(s.setconfig) as setting
    where s.setrole = 'authenticator'::regrole and s.setdatabase = (select oid from pg_database where datname = current_database())
      and setting like 'pgrst.db_pre_request=%'`;
  return row?.value;
}

const configurePreRequest = (name: string | null) => configureAuthenticator(server, 'db_pre_request', name);

beforeAll(async () => {
  server = await startTestServer();
  await server.sql.unsafe(`
    create table public.pre_request_log (note text);
    -- Records what it sees in a transaction-local setting; refuses when asked to by a request header.
    create function public.pre_request_probe() returns void language plpgsql as $$
    begin
      perform set_config('test.pre_request', json_build_object(
        'current_user', current_user,
        'claims_role', current_setting('request.jwt.claims', true)::json ->> 'role',
        'method', current_setting('request.method', true),
        'path', current_setting('request.path', true))::text, true);
      if current_setting('request.headers', true)::json ->> 'x-refuse' = 'yes' then
        raise sqlstate 'PGRST' using
          message = '{"code":"TEST1","message":"refused by the pre-request function"}',
          detail = '{"status":418,"headers":{"X-Refused-By":"pre-request"}}';
      end if;
    end $$;
    create function public.pre_request_seen() returns json language sql stable as $$
      select nullif(current_setting('test.pre_request', true), '')::json
    $$;
    grant insert, select on public.pre_request_log to anon;
    notify pgrst, 'reload schema';
  `);
});

afterAll(async () => {
  await server?.close();
});

describe('the pre-request function (PostgREST db-pre-request)', () => {
  it('is wired by the migration: the authenticator role names private.require_active_session for this database', async () => {
    expect(await preRequestSetting()).toBe('private.require_active_session');
  });

  it('runs inside the request transaction, after the settings, as the request role; raising aborts the request', async () => {
    await configurePreRequest('public.pre_request_probe');
    const anon = untypedClientWithToken(server, server.anonKey);
    await eventually(async () => (await anon.rpc('pre_request_seen')).data !== null);

    const seen = await anon.rpc('pre_request_seen');
    expect(seen.data).toEqual({ current_user: 'anon', claims_role: 'anon', method: 'POST', path: '/rpc/pre_request_seen' });

    const refusing = createClient(server.url, server.anonKey, {
      global: { headers: { 'x-refuse': 'yes' } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const refused = await refusing.from('pre_request_log').insert({ note: 'must not be written' });
    expect(refused.status).toBe(418);
    expect(refused.error).toMatchObject({ code: 'TEST1', message: 'refused by the pre-request function' });
    expect(await server.sql`select count(*)::int as rows from public.pre_request_log`).toEqual([{ rows: 0 }]);

    await configurePreRequest('private.require_active_session');
    await eventually(async () => (await anon.rpc('pre_request_seen')).data === null);
  });

  it('refuses a signed-out token at once, and only the configured function does: without it the token works', async () => {
    const user = await signUpUser(server);
    const stale = clientWithToken(server, user.session.access_token);
    expect((await stale.from('profiles').select('user_id')).status).toBe(200);
    await user.client.auth.signOut({ scope: 'global' });

    const refused = await stale.from('profiles').select('user_id');
    expect(refused.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 'PGRST303', message: 'Session from session_id claim in JWT does not exist' });

    await configurePreRequest(null);
    try {
      await eventually(async () => (await stale.from('profiles').select('user_id')).status === 200);
    } finally {
      await configurePreRequest('private.require_active_session');
    }
    await eventually(async () => (await stale.from('profiles').select('user_id')).status === 401);
  });

  it('refuses a session that belongs to another user or has passed its not_after; anon and service keys pass', async () => {
    const owner = await signUpUser(server);
    const other = await signUpUser(server);
    const token = clientWithToken(server, owner.session.access_token);
    expect((await token.from('profiles').select('user_id')).status).toBe(200);

    await server.sql`update auth.sessions set user_id = ${other.user.id} where user_id = ${owner.user.id}`;
    expect((await token.from('profiles').select('user_id')).status).toBe(401);
    await server.sql`update auth.sessions set user_id = ${owner.user.id}, not_after = now() - interval '1 second' where user_id = ${other.user.id}`;
    expect((await token.from('profiles').select('user_id')).status).toBe(401);

    expect((await server.client().from('menu_items').select('id')).status).toBe(200);
    expect((await clientWithToken(server, server.serviceRoleKey).from('profiles').select('user_id')).status).toBe(200);
  });
});

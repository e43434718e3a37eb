import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * CONTRACT TEST of connecting Mastodon with OAuth (a Mastodon instance cannot run here). The instance below answers
 * as Mastodon's documentation says (docs.joinmastodon.org/methods/apps, /methods/oauth, /spec/oauth):
 *   GET /.well-known/oauth-authorization-server → RFC 8414 metadata with code_challenge_methods_supported ["S256"]
 *     (Mastodon 4.3+; older instances answer 404);
 *   POST /api/v1/apps (client_name, redirect_uris, scopes, website) → 200 Application {id, name, client_id,
 *     client_secret, redirect_uri, redirect_uris, scopes, …};
 *   GET /oauth/authorize?response_type=code&client_id&redirect_uri&scope&state[&code_challenge&code_challenge_method]
 *     → after the user's consent, 302 to redirect_uri?code=…&state=… (or ?error=access_denied&error_description=…);
 *   POST /oauth/token (grant_type authorization_code, code, client_id, client_secret, redirect_uri, code_verifier, or
 *     grant_type refresh_token) → 200 {access_token, token_type "Bearer", scope, created_at[, expires_in,
 *     refresh_token]} or 400 {"error":"invalid_grant","error_description":…};
 *   GET /api/v1/accounts/verify_credentials (Bearer) → 200 CredentialAccount or 401.
 * It checks every request our jobs send against that contract; the whole flow runs through supabase-js as the
 * browser runs it (RPC → job → authorize URL → callback RPC → job → connected account).
 */

interface Seen { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; body: string }
interface Grant { clientId: string; redirectUri: string; challenge: string | null }

let instance: Server;
let origin: string;
const seen: Seen[] = [];
const apps = new Map<string, { secret: string; redirectUri: string; scopes: string }>();
const codes = new Map<string, Grant>();
const tokens = new Map<string, string>();
let pkceSupported = true;
let issueExpiringTokens = false;
let refreshAnswer: 'ok' | 'invalid_grant' = 'ok';
let counter = 0;

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

function issueToken(response: ServerResponse) {
  const accessToken = `access-${++counter}`;
  tokens.set(accessToken, '109348');
  json(response, 200, {
    access_token: accessToken, token_type: 'Bearer', scope: 'read write:statuses write:media', created_at: Math.floor(Date.now() / 1000),
    ...(issueExpiringTokens ? { expires_in: 7200, refresh_token: `refresh-${counter}` } : {}),
  });
}

function answer(request: IncomingMessage, response: ServerResponse, body: string) {
  const url = new URL(request.url ?? '/', 'http://x');
  const form = new URLSearchParams(body);
  seen.push({ method: request.method!, path: url.pathname, query: url.searchParams, headers: request.headers, body });
  const route = `${request.method} ${url.pathname}`;
  if (route === 'GET /.well-known/oauth-authorization-server') {
    if (!pkceSupported) return json(response, 404, { error: 'Not Found' });
    return json(response, 200, {
      issuer: `${origin}/`, authorization_endpoint: `${origin}/oauth/authorize`, token_endpoint: `${origin}/oauth/token`,
      scopes_supported: ['read', 'write', 'write:statuses', 'write:media'], response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'], grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
    });
  }
  if (route === 'POST /api/v1/apps') {
    const id = String(++counter);
    const app = { secret: `secret-${id}`, redirectUri: form.get('redirect_uris') ?? '', scopes: form.get('scopes') ?? 'read' };
    apps.set(`client-${id}`, app);
    return json(response, 200, {
      id, name: form.get('client_name'), website: form.get('website'), scopes: app.scopes.split(' '), redirect_uri: app.redirectUri,
      redirect_uris: [app.redirectUri], client_id: `client-${id}`, client_secret: app.secret, client_secret_expires_at: 0,
    });
  }
  if (route === 'GET /oauth/authorize') {
    // The user signs in and presses "Authorize" (or "Deny", when the test says so in `deny`).
    const q = url.searchParams;
    const app = apps.get(q.get('client_id') ?? '');
    if (!app || app.redirectUri !== q.get('redirect_uri') || q.get('response_type') !== 'code') return json(response, 400, { error: 'invalid_request' });
    const target = new URL(app.redirectUri);
    if (q.get('deny')) {
      target.search = new URLSearchParams({ error: 'access_denied', error_description: 'The resource owner or authorization server denied the request.', state: q.get('state') ?? '' }).toString();
    } else {
      const code = `code-${++counter}`;
      codes.set(code, { clientId: q.get('client_id')!, redirectUri: q.get('redirect_uri')!, challenge: q.get('code_challenge') });
      target.search = new URLSearchParams({ code, state: q.get('state') ?? '' }).toString();
    }
    response.writeHead(302, { location: target.toString() }).end();
    return;
  }
  if (route === 'POST /oauth/token') {
    const app = apps.get(form.get('client_id') ?? '');
    if (!app || app.secret !== form.get('client_secret')) return json(response, 401, { error: 'invalid_client', error_description: 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.' });
    const invalidGrant = () => json(response, 400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' });
    if (form.get('grant_type') === 'refresh_token') return refreshAnswer === 'ok' ? issueToken(response) : invalidGrant();
    const grant = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (form.get('grant_type') !== 'authorization_code' || !grant || grant.clientId !== form.get('client_id') || grant.redirectUri !== form.get('redirect_uri')) return invalidGrant();
    if (grant.challenge && createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') !== grant.challenge) return invalidGrant();
    return issueToken(response);
  }
  if (route === 'GET /api/v1/accounts/verify_credentials') {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(token)) return json(response, 401, { error: 'The access token is invalid' });
    return json(response, 200, { id: tokens.get(token), username: 'agency', acct: 'agency', display_name: 'The Agency', url: `${origin}/@agency`, source: { privacy: 'public' } });
  }
  json(response, 404, { error: 'Record not found' });
}

let server: TestServer;
let owner: SignedInUser;
let member: SignedInUser;
let viewer: SignedInUser;
let outsider: SignedInUser;
const drain = () => server.app.jobRunner!()!.drain();
const SITE = 'https://app.example';
const REDIRECT = `${SITE}/marketing/social/connect/mastodon`;

async function join(role: string) {
  const user = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${user.id}, ${role})`;
  return user;
}

/** The member starts; the job registers (or reuses) the app; the browser reads the authorize URL. */
async function start(user: SignedInUser, redirectUri = REDIRECT) {
  const { data, error } = await user.client.rpc('start_mastodon_connection', { workspace_id: user.organizationId, instance: origin, redirect_uri: redirectUri });
  expect(error).toBeNull();
  await drain();
  const { data: connection } = await user.client.from('mastodon_connections').select('*').eq('id', data!.id).single();
  return connection!;
}

/** The browser goes to the authorize URL; the instance sends it back to the callback with code and state. */
async function authorize(url: string, deny = false) {
  const response = await fetch(deny ? `${url}&deny=1` : url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!).searchParams;
}

beforeAll(async () => {
  instance = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => answer(request, response, body));
  });
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.4', resolve));
  origin = `http://127.0.0.4:${(instance.address() as AddressInfo).port}`;
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.4', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
  [member, viewer] = [await join('member'), await join('viewer')];
  outsider = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
  instance?.closeAllConnections();
  await new Promise((resolve) => instance?.close(resolve));
});

describe('Mastodon OAuth (contract test from the documented API)', () => {
  it('registers the app once per instance and redirect URI (form body: client_name, redirect_uris, scopes, website) and builds the authorize URL with PKCE S256', async () => {
    seen.length = 0;
    const connection = await start(owner);
    expect(connection).toMatchObject({ status: 'authorizing', instance_origin: origin, redirect_uri: REDIRECT });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /.well-known/oauth-authorization-server', 'POST /api/v1/apps']);
    expect(seen[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(seen[1]!.body))).toEqual({ client_name: 'Beyond Brochures', redirect_uris: REDIRECT, scopes: 'read write:statuses write:media', website: SITE });
    const url = new URL(connection.authorize_url!);
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/oauth/authorize`);
    const clientId = [...apps.keys()].at(-1)!;
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope: 'read write:statuses write:media',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), code_challenge_method: 'S256',
    });

    seen.length = 0;
    const again = await start(member);
    expect(seen).toEqual([]);
    expect(new URL(again.authorize_url!).searchParams.get('client_id')).toBe(clientId);
    expect(new URL(again.authorize_url!).searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });

  it('exchanges the code at /oauth/token with the verifier, verifies the token and connects the account; the token never reaches the API', async () => {
    const connection = await start(owner);
    const back = await authorize(connection.authorize_url!);
    seen.length = 0;
    const { data: finishing, error } = await owner.client.rpc('finish_mastodon_connection', { workspace_id: owner.organizationId, state: back.get('state')!, code: back.get('code')! });
    expect(error).toBeNull();
    expect(finishing!.status).toBe('exchanging');
    await drain();
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /oauth/token', 'GET /api/v1/accounts/verify_credentials']);
    const clientId = new URL(connection.authorize_url!).searchParams.get('client_id')!;
    const body = Object.fromEntries(new URLSearchParams(seen[0]!.body));
    expect(body).toEqual({
      grant_type: 'authorization_code', client_id: clientId, client_secret: apps.get(clientId)!.secret, redirect_uri: REDIRECT, code: back.get('code'),
      scope: 'read write:statuses write:media', code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(createHash('sha256').update(body.code_verifier!).digest('base64url')).toBe(new URL(connection.authorize_url!).searchParams.get('code_challenge'));
    expect(seen[1]!.headers.authorization).toMatch(/^Bearer access-\d+$/);

    const { data: done } = await owner.client.from('mastodon_connections').select('status, account_id, message').eq('id', connection.id).single();
    expect(done).toMatchObject({ status: 'connected', message: null });
    const { data: account } = await owner.client.from('social_accounts').select('*').eq('id', done!.account_id!).single();
    expect(account).toMatchObject({ network: 'mastodon', display_name: '@agency@127.0.0.4', service_origin: origin, external_id: '109348', status: 'connected' });
    expect(JSON.stringify(account)).not.toMatch(/access-|secret-/);
    const [credential] = await server.sql<{ sealed: string; pending: unknown }[]>`select sealed, pending from private.social_account_credentials where account_id = ${account!.id}`;
    expect(credential).toMatchObject({ sealed: expect.stringMatching(/^v1\./), pending: null });
    expect(credential!.sealed).not.toContain('access-');
    for (const table of ['social_account_credentials', 'mastodon_apps', 'mastodon_connection_secrets']) {
      const { data, error: readError } = await owner.client.from(table as 'social_accounts').select('*');
      expect(data).toBeNull();
      expect(readError).not.toBeNull();
    }
    const [app] = await server.sql<{ client_secret_sealed: string }[]>`select client_secret_sealed from private.mastodon_apps where client_id = ${clientId}`;
    expect(app!.client_secret_sealed).toMatch(/^v1\./);
    expect(app!.client_secret_sealed).not.toContain('secret-');
  });

  it('connecting the same account again replaces its token instead of adding a second account', async () => {
    const connection = await start(owner);
    const back = await authorize(connection.authorize_url!);
    await owner.client.rpc('finish_mastodon_connection', { workspace_id: owner.organizationId, state: back.get('state')!, code: back.get('code')! });
    await drain();
    const { data: accounts } = await owner.client.from('social_accounts').select('id').eq('organization_id', owner.organizationId).eq('network', 'mastodon');
    expect(accounts).toHaveLength(1);
  });

  it('refuses a state of another member or workspace, a replayed state, an expired state, a viewer and an anonymous caller', async () => {
    const connection = await start(owner);
    const back = await authorize(connection.authorize_url!);
    const call = (user: SignedInUser, workspaceId = user.organizationId) =>
      user.client.rpc('finish_mastodon_connection', { workspace_id: workspaceId, state: back.get('state')!, code: back.get('code')! });
    expect((await call(outsider)).error).toMatchObject({ code: 'P0001', details: 'state_unknown' });
    expect((await call(outsider, owner.organizationId)).error).toMatchObject({ code: '42501', details: 'not_a_member' });
    expect((await call(member, owner.organizationId)).error).toMatchObject({ code: 'P0001', details: 'state_unknown' });
    expect((await call(viewer, owner.organizationId)).error).toMatchObject({ code: '42501', details: 'role_too_low' });
    const anonymous = await fetch(`${server.url}/rest/v1/rpc/finish_mastodon_connection`, {
      method: 'POST', headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ workspace_id: owner.organizationId, state: back.get('state'), code: back.get('code') }),
    });
    expect(anonymous.status).toBe(401);
    const { error: viewerStart } = await viewer.client.rpc('start_mastodon_connection', { workspace_id: owner.organizationId, instance: origin, redirect_uri: REDIRECT });
    expect(viewerStart).toMatchObject({ code: '42501', details: 'role_too_low' });
    // Nobody but the member who started it reads the connection (and its authorize URL).
    const { data: seenByMember } = await member.client.from('mastodon_connections').select('id').eq('id', connection.id);
    expect(seenByMember).toEqual([]);

    expect((await call(owner)).error).toBeNull();
    expect((await call(owner)).error).toMatchObject({ code: 'P0001', details: 'state_used' });

    const late = await start(owner);
    const lateBack = await authorize(late.authorize_url!);
    await server.sql`update public.mastodon_connections set expires_at = now() - interval '1 second' where id = ${late.id}`;
    const { error } = await owner.client.rpc('finish_mastodon_connection', { workspace_id: owner.organizationId, state: lateBack.get('state')!, code: lateBack.get('code')! });
    expect(error).toMatchObject({ code: 'P0001', details: 'state_expired', message: 'This sign-in took longer than 15 minutes and expired: start connecting again.' });
  });

  it('records the instance’s refusal of a code in plain words', async () => {
    const connection = await start(owner);
    const back = await authorize(connection.authorize_url!);
    await owner.client.rpc('finish_mastodon_connection', { workspace_id: owner.organizationId, state: back.get('state')!, code: 'code-forged' });
    await drain();
    const { data } = await owner.client.from('mastodon_connections').select('status, message').eq('id', connection.id).single();
    expect(data).toEqual({ status: 'failed', message: expect.stringMatching(new RegExp(`^${origin.replace(/\./g, '\\.')} refused the sign-in \\(invalid_grant — The provided authorization grant is invalid`)) });
  });

  it('refuses a private address: in the RPC for a name or IP it can see, in the job (outbound policy) for one that resolves there later', async () => {
    const { error } = await owner.client.rpc('start_mastodon_connection', { workspace_id: owner.organizationId, instance: 'http://localhost:9', redirect_uri: REDIRECT });
    expect(error).toMatchObject({ code: 'P0001', details: 'url_private_address' });
    // A name that passed the RPC's check and resolves to a private address by the time the job runs (DNS
    // rebinding): the job's outbound client refuses it, and the member reads why.
    const [row] = await server.sql<{ id: string }[]>`
      insert into public.mastodon_connections (organization_id, created_by, instance_origin, redirect_uri)
      values (${owner.organizationId}, ${owner.id}, 'http://127.0.0.6:9', ${REDIRECT}) returning id`;
    await server.sql`insert into private.mastodon_connection_secrets (connection_id) values (${row!.id})`;
    await server.sql`select private.enqueue_job('start_mastodon_connection', ${server.sql.json({ workspace_id: owner.organizationId, connection_id: row!.id })}, now(), null, 1)`;
    await drain();
    const { data: connection } = await owner.client.from('mastodon_connections').select('status, message').eq('id', row!.id).single();
    expect(connection).toMatchObject({ status: 'failed', message: 'Could not reach http://127.0.0.6:9 (The URL points at 127.0.0.6, a loopback address (this machine), which this server does not send to).' });
  });

  it('an instance without PKCE (before 4.3) gets no code_challenge and no code_verifier', async () => {
    pkceSupported = false;
    try {
      const connection = await start(owner, 'https://other.example/marketing/social/connect/mastodon');
      const url = new URL(connection.authorize_url!);
      expect(url.searchParams.has('code_challenge')).toBe(false);
      const back = await authorize(connection.authorize_url!);
      seen.length = 0;
      await owner.client.rpc('finish_mastodon_connection', { workspace_id: owner.organizationId, state: back.get('state')!, code: back.get('code')! });
      await drain();
      expect(new URLSearchParams(seen[0]!.body).has('code_verifier')).toBe(false);
      const { data } = await owner.client.from('mastodon_connections').select('status').eq('id', connection.id).single();
      expect(data!.status).toBe('connected');
    } finally {
      pkceSupported = true;
    }
  });

  it('refreshes an expiring token an hour before it expires (grant_type refresh_token), and a refused refresh means Reconnect', async () => {
    issueExpiringTokens = true;
    const connection = await start(owner);
    const back = await authorize(connection.authorize_url!);
    await owner.client.rpc('finish_mastodon_connection', { workspace_id: owner.organizationId, state: back.get('state')!, code: back.get('code')! });
    await drain();
    const { data: done } = await owner.client.from('mastodon_connections').select('account_id').eq('id', connection.id).single();
    const accountId = done!.account_id!;
    const key = `social-account:${accountId}:refresh`;
    const [job] = await server.sql<{ id: string; in_minutes: number }[]>`
      select id::text, extract(epoch from run_at - now())::float / 60 as in_minutes from graphile_worker.jobs where key = ${key}`;
    expect(job!.in_minutes).toBeGreaterThan(55);
    expect(job!.in_minutes).toBeLessThan(61);
    const before = await server.sql`select sealed from private.social_account_credentials where account_id = ${accountId}`;

    seen.length = 0;
    await server.sql`select graphile_worker.reschedule_jobs(array[${job!.id}]::bigint[], run_at => now())`;
    await drain();
    const clientId = new URL(connection.authorize_url!).searchParams.get('client_id')!;
    expect(seen.map((request) => Object.fromEntries(new URLSearchParams(request.body)))).toEqual([
      { grant_type: 'refresh_token', client_id: clientId, client_secret: apps.get(clientId)!.secret, refresh_token: expect.stringMatching(/^refresh-\d+$/) },
    ]);
    const after = await server.sql`select sealed from private.social_account_credentials where account_id = ${accountId}`;
    expect(after[0]!.sealed).not.toBe(before[0]!.sealed);
    const [next] = await server.sql<{ id: string }[]>`select id::text from graphile_worker.jobs where key = ${key}`;
    expect(next).toBeDefined();

    refreshAnswer = 'invalid_grant';
    await server.sql`select graphile_worker.reschedule_jobs(array[${next!.id}]::bigint[], run_at => now())`;
    await drain();
    const { data: account } = await owner.client.from('social_accounts').select('status, status_message').eq('id', accountId).single();
    expect(account).toMatchObject({ status: 'reconnect', status_message: expect.stringContaining('refused the sign-in (invalid_grant') });
    issueExpiringTokens = false;
    refreshAnswer = 'ok';
  });
});

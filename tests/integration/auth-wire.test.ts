import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, signInAdmin, signUpUser, TEST_PASSWORD } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// Raw HTTP against /auth/v1: the exact wire format GoTrue answers with (contract §1.2, §2).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

describe('error bodies', () => {
  it('answers with {code, message} and both headers for X-Supabase-Api-Version: 2024-01-01', async () => {
    const response = await authFetch(server, '/token?grant_type=password', { body: { email: uniqueEmail(), password: 'whatever1' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await response.text()).toBe('{"code":"invalid_credentials","message":"Invalid login credentials"}');
  });

  it('answers with the legacy {code, error_code, msg} shape without the header', async () => {
    const response = await authFetch(server, '/token?grant_type=password', {
      body: { email: uniqueEmail(), password: 'whatever1' },
      legacy: true,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await response.text()).toBe('{"code":400,"error_code":"invalid_credentials","msg":"Invalid login credentials"}');
  });

  it('gives weak_password its reasons in both shapes', async () => {
    const current = await authFetch(server, '/signup', { body: { email: uniqueEmail(), password: 'abc' } });
    expect(current.status).toBe(422);
    expect(await current.json()).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    const legacy = await authFetch(server, '/signup', { body: { email: uniqueEmail(), password: 'abc' }, legacy: true });
    expect(await legacy.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });

  it('uses the OAuth shape for a refresh without refresh_token', async () => {
    const response = await authFetch(server, '/token?grant_type=refresh_token', { body: {} });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });

  it.each([
    ['/signup', { email: 'not-an-email', password: TEST_PASSWORD }, 400, 'validation_failed', 'Unable to validate email address: invalid format'],
    ['/signup', { email: uniqueEmail(), password: '' }, 400, 'validation_failed', 'Signup requires a valid password'],
    ['/signup', { email: 5, password: TEST_PASSWORD }, 400, 'bad_json', 'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field SignupParams.email of type string'],
    ['/signup', '{"email":', 400, 'bad_json', undefined],
    ['/token?grant_type=password', { password: TEST_PASSWORD }, 400, 'validation_failed', 'missing email or phone'],
    ['/token?grant_type=magic', {}, 400, 'invalid_credentials', 'unsupported_grant_type'],
    ['/token?grant_type=refresh_token', { refresh_token: 'nope' }, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'],
    ['/recover', {}, 400, 'validation_failed', 'Password recovery requires an email'],
  ])('POST %s %j → %i %s', async (path, body, status, code, message) => {
    const response = await authFetch(server, path, { body });
    expect(response.status).toBe(status);
    const json = await response.json();
    expect(json.code).toBe(code);
    if (message) expect(json.message).toBe(message);
    else expect(json.message).toMatch(/^Could not parse request body as JSON: /);
  });

  it('answers anything else under /auth/v1 with a GoTrue-shaped 404', async () => {
    for (const [method, path] of [['GET', '/nope'], ['POST', '/invite'], ['DELETE', '/admin/users/00000000-0000-4000-8000-000000000000'], ['GET', '/token'], ['DELETE', '/user']]) {
      const response = await authFetch(server, path!, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(await response.json()).toEqual({ code: 'not_found', message: 'Not Found' });
    }
  });

  it('never leaks the cause of a server failure', async () => {
    await server.sql.unsafe(`
      create function public.failing_signup() returns trigger language plpgsql as $$
      begin raise exception 'secret internal detail'; end $$;
      create trigger zz_failing_signup after insert on auth.users for each row execute function public.failing_signup();`);
    try {
      const current = await authFetch(server, '/signup', { body: { email: uniqueEmail(), password: TEST_PASSWORD } });
      expect(current.status).toBe(500);
      expect(await current.json()).toEqual({ code: 'unexpected_failure', message: 'Database error saving new user' });
      const legacy = await authFetch(server, '/signup', { body: { email: uniqueEmail(), password: TEST_PASSWORD }, legacy: true });
      const body = await legacy.json();
      expect(body).toMatchObject({ code: 500, error_code: 'unexpected_failure', msg: 'Database error saving new user' });
      expect(typeof body.error_id).toBe('string');
      expect(JSON.stringify(body)).not.toContain('secret');
    } finally {
      await server.sql.unsafe('drop trigger zz_failing_signup on auth.users; drop function public.failing_signup();');
    }
  });
});

describe('CORS and the API key gate', () => {
  it('allows the headers supabase-js sends and exposes the ones it reads (X-Supabase-Api-Version, Content-Range, x-sb-error-code, Retry-After…)', async () => {
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,authorization,x-supabase-api-version,content-type,x-client-info' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    const actual = await authFetch(server, '/settings', { headers: { origin: 'http://localhost:5173' } });
    const exposed = actual.headers.get('access-control-expose-headers')!.split(',').map((name) => name.trim().toLowerCase());
    // What supabase-js reads: counts and ranges, upsert results, error codes, rate limits, storage caching.
    for (const name of ['X-Supabase-Api-Version', 'Content-Range', 'Content-Location', 'Location', 'Preference-Applied', 'x-sb-error-code', 'Retry-After', 'ETag']) {
      expect(exposed).toContain(name.toLowerCase());
    }
  });

  it('refuses requests without or with a wrong apikey, except e-mail links', async () => {
    const missing = await fetch(`${server.url}/auth/v1/settings`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ message: 'No API key found in request' });
    const wrong = await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
    const link = await fetch(`${server.url}/auth/v1/verify?token=abc&type=signup&redirect_to=${encodeURIComponent(server.url)}`, { redirect: 'manual' });
    expect(link.status).toBe(303);
  });

  it('serves GoTrue settings', async () => {
    const response = await authFetch(server, '/settings');
    const body = await response.json();
    expect(body).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, saml_enabled: false });
    expect(body.external).toMatchObject({ email: true, phone: false, google: false });
  });

  it('publishes the public half of the signing key at /.well-known/jwks.json (never the HS256 secret), cached 10 minutes', async () => {
    const response = await authFetch(server, '/.well-known/jwks.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = await response.json();
    expect(keys).toEqual([
      { kty: 'RSA', n: expect.any(String), e: 'AQAB', kid: server.jwtKeys.signing!.kid, alg: 'RS256', use: 'sig', key_ops: ['verify'] },
    ]);
    expect(JSON.stringify(keys)).not.toContain(server.jwtSecret);
    expect(Object.keys(keys[0])).not.toContain('d');
  });
});

describe('passwords', () => {
  it('refuses more than 72 bytes instead of truncating', async () => {
    const long = 'é'.repeat(37); // 74 bytes, 37 characters
    const signup = await authFetch(server, '/signup', { body: { email: uniqueEmail(), password: long } });
    expect(signup.status).toBe(400);
    expect(await signup.json()).toEqual({ code: 'validation_failed', message: 'Password cannot be longer than 72 characters' });

    // An account whose password is exactly 72 bytes cannot be entered with a longer one that shares them.
    const exact = 'p'.repeat(72);
    const { email } = await signUpUser(server, { password: exact });
    const longer = await authFetch(server, '/token?grant_type=password', { body: { email, password: `${exact}-and-more` } });
    expect(longer.status).toBe(400);
    expect((await longer.json()).code).toBe('invalid_credentials');
    const right = await authFetch(server, '/token?grant_type=password', { body: { email, password: exact } });
    expect(right.status).toBe(200);
    const updated = await authFetch(server, '/user', { method: 'PUT', token: (await right.json()).access_token, body: { password: 'x'.repeat(73) } });
    expect(updated.status).toBe(400);
  });

  it('stores bcrypt cost 10, version 2a', async () => {
    const { user } = await signUpUser(server);
    const [row] = await server.sql<{ hash: string }[]>`select encrypted_password as hash from auth.users where id = ${user.id}`;
    expect(row!.hash).toMatch(/^\$2a\$10\$.{53}$/);
  });
});

describe('tokens', () => {
  it('issues RS256 access tokens (the signing key\'s kid) with GoTrue claims in GoTrue order and a session row behind session_id', async () => {
    const email = uniqueEmail();
    const response = await authFetch(server, '/signup', { body: { email, password: TEST_PASSWORD, data: { first_name: 'Cy' } } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['access_token', 'token_type', 'expires_in', 'expires_at', 'refresh_token', 'user']);
    expect(body.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);
    const header = JSON.parse(Buffer.from(body.access_token.split('.')[0], 'base64url').toString());
    expect(header).toEqual({ alg: 'RS256', kid: server.jwtKeys.signing!.kid, typ: 'JWT' });
    const claims = decode(body.access_token);
    expect(Object.keys(claims)).toEqual([
      'iss', 'sub', 'aud', 'exp', 'iat', 'email', 'phone', 'app_metadata', 'user_metadata', 'role', 'aal', 'amr', 'session_id', 'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: `${server.config.siteUrl}/auth/v1`,
      sub: body.user.id,
      aud: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { email_verified: true, first_name: 'Cy' },
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      is_anonymous: false,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    const [session] = await server.sql`select user_id from auth.sessions where id = ${claims.session_id}`;
    expect(session).toEqual({ user_id: body.user.id });
    expect(Object.keys(body.user)).toEqual([
      'id', 'aud', 'role', 'email', 'email_confirmed_at', 'phone', 'confirmed_at', 'last_sign_in_at', 'app_metadata',
      'user_metadata', 'identities', 'created_at', 'updated_at', 'is_anonymous',
    ]);
    expect(body.user.identities[0]).toMatchObject({
      id: body.user.id,
      user_id: body.user.id,
      provider: 'email',
      email,
      identity_data: { email, email_verified: false, phone_verified: false, sub: body.user.id, first_name: 'Cy' },
    });
  });

  it('honours PASSWORD_MIN_LENGTH', async () => {
    const strict = await startTestServer({ PASSWORD_MIN_LENGTH: '10' });
    try {
      const short = await authFetch(strict, '/signup', { body: { email: uniqueEmail(), password: '123456789' } });
      expect(short.status).toBe(422);
      expect(await short.json()).toEqual({ code: 'weak_password', message: 'Password should be at least 10 characters.', weak_password: { reasons: ['length'] } });
      const long = await authFetch(strict, '/signup', { body: { email: uniqueEmail(), password: '1234567890' } });
      expect(long.status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('honours JWT_EXPIRY', async () => {
    const short = await startTestServer({ JWT_EXPIRY: '120' });
    try {
      const response = await authFetch(short, '/signup', { body: { email: uniqueEmail(), password: TEST_PASSWORD } });
      const body = await response.json();
      expect(body.expires_in).toBe(120);
      const claims = decode(body.access_token);
      expect(claims.exp - claims.iat).toBe(120);
    } finally {
      await short.close();
    }
  });

  describe('bearer tokens on /user', () => {
    let valid: string;
    let claims: Record<string, unknown>;
    beforeAll(async () => {
      valid = (await signUpUser(server)).session.access_token;
      claims = decode(valid);
    });
    const sign = (payload: Record<string, unknown>, secret: string, alg = 'HS256') =>
      new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret));
    const expectBadJwt = async (token: string, reason: string) => {
      const response = await authFetch(server, '/user', { token });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: 'bad_jwt', message: `invalid JWT: unable to parse or verify signature, ${reason}` });
    };

    it('accepts the real token', async () => {
      const response = await authFetch(server, '/user', { token: valid });
      expect(response.status).toBe(200);
      expect((await response.json()).id).toBe(claims.sub);
    });

    it('rejects a tampered token', async () => {
      const [head, , signature] = valid.split('.');
      const forged = Buffer.from(JSON.stringify({ ...claims, app_metadata: { site_admin: true } })).toString('base64url');
      await expectBadJwt(`${head}.${forged}.${signature}`, 'token signature is invalid: signature is invalid');
    });

    it('rejects an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      await expectBadJwt(await sign({ ...claims, iat: now - 7200, exp: now - 3600 }, server.jwtSecret), 'token has invalid claims: token is expired');
    });

    it('rejects alg: none', async () => {
      const head = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      await expectBadJwt(`${head}.${payload}.`, 'token signature is invalid: signing method none is invalid');
    });

    it('rejects a token signed with another key', async () => {
      await expectBadJwt(await sign(claims, 'another-secret-another-secret-another'), 'token signature is invalid: signature is invalid');
    });

    it('rejects garbage, a missing bearer and the anon key', async () => {
      await expectBadJwt('garbage', 'token is malformed: token contains an invalid number of segments');
      const missing = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey, 'x-supabase-api-version': '2024-01-01' } });
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
      const anon = await authFetch(server, '/user', { token: server.anonKey });
      expect(anon.status).toBe(403);
      expect(await anon.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
    });
  });
});

describe('logout', () => {
  it('answers 204 for each scope and deletes exactly the sessions it ends', async () => {
    const a = await signUpUser(server);
    const token = async () => (await (await authFetch(server, '/token?grant_type=password', { body: { email: a.email, password: a.password } })).json()).access_token as string;
    const [t1, t2, t3] = [a.session.access_token, await token(), await token()];
    const sessions = async () => (await server.sql`select id from auth.sessions where user_id = ${a.user.id}`).map((row) => row.id as string);
    expect(await sessions()).toHaveLength(3);

    const bad = await authFetch(server, '/logout?scope=sideways', { method: 'POST', token: t1 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "sideways"' });

    const local = await authFetch(server, '/logout?scope=local', { method: 'POST', token: t3 });
    expect(local.status).toBe(204);
    expect(await local.text()).toBe('');
    expect(await sessions()).toHaveLength(2);
    const gone = await authFetch(server, '/user', { token: t3 });
    expect(gone.status).toBe(403);
    expect(await gone.json()).toEqual({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });

    const others = await authFetch(server, '/logout?scope=others', { method: 'POST', token: t1 });
    expect(others.status).toBe(204);
    expect(await sessions()).toEqual([decode(t1).session_id]);
    expect((await authFetch(server, '/user', { token: t2 })).status).toBe(403);
    expect((await authFetch(server, '/user', { token: t1 })).status).toBe(200);

    const global = await authFetch(server, '/logout', { method: 'POST', token: t1 });
    expect(global.status).toBe(204);
    expect(await sessions()).toEqual([]);
    const [refresh] = await server.sql`select count(*)::int as n from auth.refresh_tokens where user_id = ${a.user.id}`;
    expect(refresh).toEqual({ n: 0 });
  });
});

describe('PUT /user never changes app_metadata, the role or the confirmation state', () => {
  it('refuses app_metadata and ignores role and confirmation fields, so nobody makes themself site admin', async () => {
    const { session, user } = await signUpUser(server);
    const token = session.access_token;
    const denied = await authFetch(server, '/user', { method: 'PUT', token, body: { app_metadata: { site_admin: true } } });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ code: 'not_admin', message: 'Updating app_metadata requires admin privileges' });

    const sneaky = await authFetch(server, '/user', {
      method: 'PUT',
      token,
      body: { data: { site_admin: true }, role: 'service_role', email_confirmed_at: null, confirmed_at: null, raw_app_meta_data: { site_admin: true } },
    });
    expect(sneaky.status).toBe(200);
    const [row] = await server.sql`
      select role, raw_app_meta_data as app, email_confirmed_at is not null as confirmed from auth.users where id = ${user.id}`;
    expect(row).toEqual({ role: 'authenticated', app: { provider: 'email', providers: ['email'] }, confirmed: true });
    const [answer] = await server.sql`
      select coalesce((u.raw_app_meta_data ->> 'site_admin')::boolean, false) as site_admin from auth.users u where u.id = ${user.id}`;
    expect(answer).toEqual({ site_admin: false });
  });

  it('lets the real site admin sign in (signInAdmin) with site_admin in its token', async () => {
    const admin = await signInAdmin(server);
    expect(admin.user.app_metadata).toMatchObject({ site_admin: true });
    expect(decode(admin.session.access_token).app_metadata).toMatchObject({ site_admin: true });
  });
});

describe('the audit log', () => {
  it('records sign-in, failed sign-in and sign-out without any secret', async () => {
    const { user, email, session } = await signUpUser(server);
    await authFetch(server, '/token?grant_type=password', { body: { email, password: 'wrong-password-1' } });
    await authFetch(server, '/logout', { method: 'POST', token: session.access_token });
    const rows = await server.sql<{ payload: Record<string, unknown>; ip: string }[]>`
      select payload, ip_address as ip from auth.audit_log_entries
      where payload ->> 'actor_id' = ${user.id} order by created_at, id`;
    const actions = rows.map((row) => row.payload.action);
    expect(actions).toEqual(expect.arrayContaining(['user_signedup', 'login', 'login_failed', 'logout']));
    expect(rows.find((row) => row.payload.action === 'login_failed')!.payload).toEqual({
      action: 'login_failed',
      actor_id: user.id,
      actor_username: email,
      actor_via_sso: false,
      log_type: 'account',
      traits: { provider: 'email', reason: 'invalid_password' },
    });
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain('wrong-password-1');
    expect(everything).not.toContain(TEST_PASSWORD);
    expect(everything).not.toContain(session.refresh_token);
    expect(everything).not.toContain(session.access_token.split('.')[2]);
    expect(rows.every((row) => row.ip === '127.0.0.1')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { deriveApiKeys } from '../../lib/api-keys';
import { signAccessToken, signJwt, verifyJwt } from '../../lib/jwt';
import { parseJwtKeys, rotateJwtKeysText } from '../../lib/jwt-keys';
import { RestError } from './errors';
import { createAuthenticator, TOKEN_CACHE_SIZE } from './request-auth';

const secret = 'a-test-secret-that-is-at-least-32-characters';
const keys = await deriveApiKeys(secret);
const jwtKeys = parseJwtKeys(await rotateJwtKeysText(undefined), secret);
const auth = createAuthenticator(keys, jwtKeys);
const now = () => Math.floor(Date.now() / 1000);
const userId = '6f1c2b1e-0000-4000-8000-000000000001';
const sessionId = '6f1c2b1e-0000-4000-8000-000000000002';

async function rejection(header: string): Promise<RestError> {
  try {
    await auth.authenticate(header);
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('request authentication', () => {
  it('no Authorization header (or another scheme) is anon', async () => {
    expect(await auth.authenticate(undefined)).toEqual({ role: 'anon', claims: '{"role":"anon"}', session: null });
    expect((await auth.authenticate('Basic abc')).role).toBe('anon');
  });

  it('the API keys used as bearer tokens stand for their roles', async () => {
    const anon = await auth.authenticate(`Bearer ${keys.anonKey}`);
    expect(anon.role).toBe('anon');
    expect(JSON.parse(anon.claims)).toMatchObject({ iss: 'supabase', role: 'anon' });
    expect((await auth.authenticate(`bearer ${keys.serviceRoleKey}`)).role).toBe('service_role');
  });

  it('a user token: role authenticated, claims with role, session to check', async () => {
    const token = await signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', session_id: sessionId, exp: now() + 60 }, secret);
    const result = await auth.authenticate(`Bearer ${token}`);
    expect(result.role).toBe('authenticated');
    expect(result.session).toEqual({ id: sessionId, userId });
    expect(JSON.parse(result.claims)).toMatchObject({ sub: userId, role: 'authenticated', session_id: sessionId });
  });

  it('a user token signed with the signing key (RS256, its kid) is accepted beside HS256 ones', async () => {
    const token = await signAccessToken({ sub: userId, role: 'authenticated', session_id: sessionId, aal: 'aal2', exp: now() + 60 }, jwtKeys);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'RS256', kid: jwtKeys.signing!.kid });
    expect(JSON.parse((await auth.authenticate(`Bearer ${token}`)).claims)).toMatchObject({ sub: userId, aal: 'aal2' });
  });

  it('an RS256 token of another key, or with its aal changed after signing, → 401 PGRST301', async () => {
    const otherKeys = parseJwtKeys(await rotateJwtKeysText(undefined), secret);
    const foreign = await signAccessToken({ sub: userId, role: 'authenticated', session_id: sessionId, exp: now() + 60 }, otherKeys);
    expect([(await rejection(`Bearer ${foreign}`)).code, (await rejection(`Bearer ${foreign}`)).message]).toEqual([
      'PGRST301',
      'No suitable key or wrong key type',
    ]);
    const [head, body, signature] = (await signAccessToken({ sub: userId, role: 'authenticated', session_id: sessionId, aal: 'aal1', exp: now() + 60 }, jwtKeys)).split('.');
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), aal: 'aal2' })).toString('base64url');
    expect((await rejection(`Bearer ${head}.${raised}.${signature}`)).message).toBe('JWT cryptographic operation failed');
  });

  it('a token without role is anon', async () => {
    const token = await signJwt({ exp: now() + 60 }, secret);
    expect(JSON.parse((await auth.authenticate(`Bearer ${token}`)).claims)).toMatchObject({ role: 'anon' });
  });

  it.each([
    ['Bearer ', 'PGRST301', 'Empty JWT is sent in Authorization header'],
    ['Bearer abc', 'PGRST301', 'Expected 3 parts in JWT; got 1'],
    ['Bearer a.b', 'PGRST301', 'Expected 3 parts in JWT; got 2'],
    ['Bearer a.b.c', 'PGRST301', 'JWT cryptographic operation failed'],
  ])('%j → 401 %s', async (header, code, message) => {
    const error = await rejection(header);
    expect([error.status, error.code, error.message]).toEqual([401, code, message]);
    expect(error.headers['WWW-Authenticate']).toBe(`Bearer error="invalid_token", error_description=${JSON.stringify(message)}`);
  });

  it('expired → 401 PGRST303 "JWT expired" (never anon)', async () => {
    const token = await signJwt({ sub: userId, role: 'authenticated', session_id: sessionId, exp: now() - 120 }, secret);
    const error = await rejection(`Bearer ${token}`);
    expect([error.status, error.code, error.message]).toEqual([401, 'PGRST303', 'JWT expired']);
  });

  it('another secret → 401 PGRST301', async () => {
    const token = await signJwt({ role: 'service_role', exp: now() + 60 }, 'another-secret-another-secret-another-secret');
    expect((await rejection(`Bearer ${token}`)).code).toBe('PGRST301');
  });

  it('refuses roles other than anon, authenticated and service_role', async () => {
    const token = await signJwt({ role: 'postgres', exp: now() + 60 }, secret);
    expect((await rejection(`Bearer ${token}`)).status).toBe(401);
  });

  it('refuses a user token without a session_id', async () => {
    const token = await signJwt({ sub: userId, role: 'authenticated', exp: now() + 60 }, secret);
    expect((await rejection(`Bearer ${token}`)).code).toBe('PGRST303');
  });

  describe('the cache of verified tokens', () => {
    it('answers a known token from the cache until its exp (+30 s skew), then 401 JWT expired', async () => {
      let clock = now();
      const cachedAuth = createAuthenticator(keys, jwtKeys, { now: () => clock });
      const token = await signJwt({ sub: userId, role: 'authenticated', session_id: sessionId, exp: clock + 60 }, secret);
      const first = await cachedAuth.authenticate(`Bearer ${token}`);
      expect(await cachedAuth.authenticate(`Bearer ${token}`)).toBe(first);
      clock += 60 + 29;
      expect((await cachedAuth.authenticate(`Bearer ${token}`)).role).toBe('authenticated');
      clock += 1;
      const error = await cachedAuth.authenticate(`Bearer ${token}`).catch((caught: unknown) => caught as RestError);
      expect([(error as RestError).status, (error as RestError).code, (error as RestError).message]).toEqual([401, 'PGRST303', 'JWT expired']);
    });

    it('known() answers without a promise only what authenticate() already verified and has not expired', async () => {
      let clock = now();
      const cachedAuth = createAuthenticator(keys, jwtKeys, { now: () => clock });
      const token = await signJwt({ sub: userId, role: 'authenticated', session_id: sessionId, exp: clock + 60 }, secret);
      expect(cachedAuth.known(undefined)).toEqual(await cachedAuth.authenticate(undefined));
      expect(cachedAuth.known(`Bearer ${keys.serviceRoleKey}`)).toBe(await cachedAuth.authenticate(`Bearer ${keys.serviceRoleKey}`));
      expect(cachedAuth.known(`Bearer ${token}`)).toBeUndefined(); // not verified yet
      expect(cachedAuth.known('Bearer ')).toBeUndefined(); // authenticate() refuses it
      const verified = await cachedAuth.authenticate(`Bearer ${token}`);
      expect(cachedAuth.known(`Bearer ${token}`)).toBe(verified);
      expect(cachedAuth.known(`Bearer ${token.slice(0, -2)}xx`)).toBeUndefined(); // another text: verified on its own
      clock += 60 + 30;
      expect(cachedAuth.known(`Bearer ${token}`)).toBeUndefined(); // expired: authenticate() says so
      const error = await cachedAuth.authenticate(`Bearer ${token}`).catch((caught: unknown) => caught as RestError);
      expect((error as RestError).message).toBe('JWT expired');
    });

    it('a tampered copy of a cached token is verified, not taken from the cache', async () => {
      const cachedAuth = createAuthenticator(keys, jwtKeys);
      const token = await signJwt({ sub: userId, role: 'authenticated', session_id: sessionId, exp: now() + 60 }, secret);
      await cachedAuth.authenticate(`Bearer ${token}`);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const forged = Buffer.from(JSON.stringify({ role: 'service_role', exp: now() + 60 })).toString('base64url');
      const error = await cachedAuth.authenticate(`Bearer ${header}.${forged}.${signature}`).catch((caught: unknown) => caught as RestError);
      expect((error as RestError).code).toBe('PGRST301');
      expect(payload).not.toBe(forged);
    });

    it(`keeps at most ${TOKEN_CACHE_SIZE} tokens, and none that failed`, async () => {
      let verifications = 0;
      const cachedAuth = createAuthenticator(keys, jwtKeys, {
        verify: (token, key) => {
          verifications++;
          return verifyJwt(token, key);
        },
      });
      const tokens = await Promise.all(
        Array.from({ length: TOKEN_CACHE_SIZE + 1 }, (_, index) => signJwt({ role: 'anon', exp: now() + 60, n: index }, secret)),
      );
      for (const token of tokens) await cachedAuth.authenticate(`Bearer ${token}`);
      expect(verifications).toBe(TOKEN_CACHE_SIZE + 1);
      await cachedAuth.authenticate(`Bearer ${tokens[TOKEN_CACHE_SIZE]}`);
      expect(verifications).toBe(TOKEN_CACHE_SIZE + 1);
      await cachedAuth.authenticate(`Bearer ${tokens[0]}`); // pushed out by the last one
      expect(verifications).toBe(TOKEN_CACHE_SIZE + 2);

      const bad = `${tokens[1]!.slice(0, -4)}AAAA`;
      await cachedAuth.authenticate(`Bearer ${bad}`).catch(() => {});
      await cachedAuth.authenticate(`Bearer ${bad}`).catch(() => {});
      expect(verifications).toBe(TOKEN_CACHE_SIZE + 4);
    });
  });
});

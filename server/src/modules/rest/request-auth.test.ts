import { describe, expect, it } from 'vitest';
import { deriveApiKeys } from '../../lib/api-keys';
import { signJwt } from '../../lib/jwt';
import { RestError } from './errors';
import { createAuthenticator } from './request-auth';

const secret = 'a-test-secret-that-is-at-least-32-characters';
const keys = await deriveApiKeys(secret);
const auth = createAuthenticator(keys, secret);
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
});

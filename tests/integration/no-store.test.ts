import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, TEST_PASSWORD } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// Tokens, user records and data are never kept by a browser's or a proxy's cache.
let server: TestServer;
let token: string;
let email: string;

beforeAll(async () => {
  server = await startTestServer();
  email = uniqueEmail('cache');
  const signUp = await authFetch(server, '/signup', { body: { email, password: TEST_PASSWORD } });
  expect(signUp.headers.get('cache-control')).toBe('no-store');
  token = ((await signUp.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  await server?.close();
});

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });

describe('Cache-Control: no-store', () => {
  it.each([
    ['a sign-in', () => authFetch(server, '/token?grant_type=password', { body: { email, password: TEST_PASSWORD } }), 200],
    ['a failed sign-in', () => authFetch(server, '/token?grant_type=password', { body: { email, password: 'wrong' } }), 400],
    ['the user', () => authFetch(server, '/user', { token }), 200],
    ['a user update', () => authFetch(server, '/user', { method: 'PUT', token, body: { data: { first_name: 'C' } } }), 200],
    ['a read of data', () => rest('/profiles?select=first_name'), 200],
    ['a write returning data', () => rest('/content_items', { method: 'POST', body: '{"title":"Cached?"}', headers: { prefer: 'return=representation' } }), 201],
    ['a data API error', () => rest('/nothing_here'), 404],
  ])('on %s', async (_, call, status) => {
    const response = await call();
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves the public key set cacheable, as GoTrue does', async () => {
    const response = await authFetch(server, '/.well-known/jwks.json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, signUpUser, TEST_PASSWORD } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// Bad input answers 4xx in the API's own error format, never 500.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_OTP: '100000' });
});

afterAll(async () => {
  await server?.close();
});

/** A JSON body with `data` spliced in as raw text (JSON.stringify cannot write a lone surrogate escape). */
function signUpBody(rawData: string): string {
  return `{"email":"${uniqueEmail('meta')}","password":"${TEST_PASSWORD}","data":${rawData}}`;
}

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const hostileMetadata: [string, string, RegExp][] = [
  ['a NUL character', '{"first_name":"Eve\\u0000"}', /^User metadata cannot contain the NUL character/],
  ['a NUL character in a key', '{"first\\u0000name":"Eve"}', /^User metadata cannot contain the NUL character/],
  ['a lone high surrogate', '{"first_name":"\\ud800"}', /^User metadata must be valid Unicode text/],
  ['a lone low surrogate', '{"first_name":"x\\udc00y"}', /^User metadata must be valid Unicode text/],
  ['5,000 levels of nesting', nested(5000), /^User metadata is nested too deeply \(at most 16 levels\)$/],
  ['900 KB', JSON.stringify({ blob: 'x'.repeat(900 * 1024) }), /^User metadata is too large: \d+ bytes of JSON, at most 8192$/],
];

describe('user metadata', () => {
  it.each(hostileMetadata)('sign-up with %s answers 400 validation_failed', async (_, raw, message) => {
    const response = await authFetch(server, '/signup', { body: signUpBody(raw) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'validation_failed', message: expect.stringMatching(message) });
  });

  it.each(hostileMetadata)('PUT /user with %s answers 400 validation_failed', async (_, raw, message) => {
    const { session } = await signUpUser(server);
    const response = await authFetch(server, '/user', { method: 'PUT', token: session.access_token, body: `{"data":${raw}}` });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'validation_failed', message: expect.stringMatching(message) });
  });

  it('refuses updates that together grow the metadata past the limit', async () => {
    const { session } = await signUpUser(server);
    const put = (data: unknown) => authFetch(server, '/user', { method: 'PUT', token: session.access_token, body: { data } });
    expect((await put({ one: 'x'.repeat(5000) })).status).toBe(200);
    expect((await put({ two: 'x'.repeat(5000) })).status).toBe(400);
    expect((await put({ one: null, two: 'x'.repeat(5000) })).status).toBe(200);
  });

  it('keeps the largest allowed metadata usable: its access token is accepted on every API', async () => {
    const data = { first_name: 'Max', notes: 'é'.repeat(4000) }; // just under 8 KB of JSON
    const response = await authFetch(server, '/signup', { body: { email: uniqueEmail('max'), password: TEST_PASSWORD, data } });
    expect(response.status).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    expect(token.length).toBeGreaterThan(10_000);
    expect((await authFetch(server, '/user', { token })).status).toBe(200);
    const rest = await fetch(`${server.url}/rest/v1/profiles?select=first_name`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'x-client-info': 'supabase-js-node/2.119.1' },
    });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toEqual([{ first_name: 'Max' }]);
  });
});

describe('the data API', () => {
  it('answers a select of more columns than PostgreSQL allows with 413 and PostgREST\'s body', async () => {
    const response = await fetch(`${server.url}/rest/v1/menu_items?select=${Array(1700).fill('name').join(',')}`, {
      headers: { apikey: server.anonKey },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: '54011',
      message: 'target lists can have at most 1664 entries',
      details: null,
      hint: null,
    });
  });

  it.each([
    ['a NUL character', '{"name":"Eve\\u0000","email":"eve@example.com","message":"A message of some length."}'],
    ['a lone surrogate', '{"name":"\\ud800","email":"eve@example.com","message":"A message of some length."}'],
  ])('answers a value with %s with 400', async (_, body) => {
    const response = await fetch(`${server.url}/rest/v1/leads`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: expect.stringMatching(/^22/) });
  });
});

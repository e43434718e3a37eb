import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// GoTrue's limits per client IP: token buckets of 30 requests (the burst), refilled at N per 5 minutes.
// The refill rates are set to 1 per 5 minutes here so that no token comes back during a test.
const SLOW_REFILL = { RATE_LIMIT_TOKEN_REFRESH: '1', RATE_LIMIT_VERIFY: '1', RATE_LIMIT_OTP: '1' };
const BURST = 30;

let server: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  [server, proxied] = await Promise.all([startTestServer(SLOW_REFILL), startTestServer({ ...SLOW_REFILL, TRUST_PROXY: 'true' })]);
});

afterAll(async () => {
  await Promise.all([server?.close(), proxied?.close()]);
});

type Call = (target: TestServer, headers?: Record<string, string>) => Promise<Response>;

const calls: Record<string, Call> = {
  'sign-in': (target, headers) =>
    // A new address each time: the limit per account is another one (auth-limits.test.ts).
    authFetch(target, '/token?grant_type=password', { body: { email: uniqueEmail('nobody'), password: 'wrong-password' }, headers }),
  'sign-up': (target, headers) => authFetch(target, '/signup', { body: { email: uniqueEmail(), password: '' }, headers }),
  recover: (target, headers) => authFetch(target, '/recover', { body: { email: 'not-an-address' }, headers }),
  verify: (target, headers) => authFetch(target, '/verify', { body: { type: 'signup', token_hash: 'unknown' }, headers }),
};

/** Spends a client's whole burst (sequentially, so the count is exact). */
async function spend(call: Call, target: TestServer, headers?: Record<string, string>) {
  const statuses: number[] = [];
  for (let i = 0; i < BURST; i += 1) statuses.push((await call(target, headers)).status);
  return statuses;
}

describe.each(Object.keys(calls))('%s', (name) => {
  const call = calls[name]!;

  it('answers 429 over_request_rate_limit with Retry-After once the burst is spent, whatever X-Forwarded-For says', async () => {
    const statuses = await spend(call, server);
    expect(statuses.every((status) => status !== 429)).toBe(true);

    const limited = await call(server);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    expect(await limited.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });

    // Without TRUST_PROXY a forged X-Forwarded-For is not a new client.
    const spoofed = await call(server, { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.status).toBe(429);
  });
});

describe('refresh', () => {
  it('shares the bucket of /token with sign-in, as GoTrue does: limited once sign-ins spent it', async () => {
    const refresh = await authFetch(server, '/token?grant_type=refresh_token', { body: { refresh_token: 'unknown' } });
    expect(refresh.status).toBe(429);
    expect(refresh.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
  });
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  it('limits each X-Forwarded-For client on its own', async () => {
    const call = calls['sign-in']!;
    await spend(call, proxied, { 'x-forwarded-for': '198.51.100.1' });
    expect((await call(proxied, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(429);
    expect((await call(proxied, { 'x-forwarded-for': '198.51.100.2' })).status).not.toBe(429);
  });

  it('takes the client from the entry the proxy appended, so a forged first entry is no new client', async () => {
    const call = calls['sign-in']!;
    await spend(call, proxied, { 'x-forwarded-for': '198.51.100.3' });
    // A proxy that appends: the client's own header value comes first.
    expect((await call(proxied, { 'x-forwarded-for': '203.0.113.77, 198.51.100.3' })).status).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// The contact form's limits, from the attacker's side: per network (10 an hour) and per e-mail address
// (5 an hour), so one visitor cannot close the form for everybody; no limit for all visitors together closes it
// (past a calm rate a message needs a proof of work instead: leads-under-load.test.ts).
let proxied: TestServer; // TRUST_PROXY=true: X-Forwarded-For names the client
let direct: TestServer; // no proxy: the connection's address does

beforeAll(async () => {
  [proxied, direct] = await Promise.all([startTestServer({ TRUST_PROXY: 'true' }), startTestServer()]);
});

afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close()]);
});

function submit(server: TestServer, email: string, headers: Record<string, string> = {}, key = server.anonKey) {
  return fetch(`${server.url}/rest/v1/leads`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name: 'Sam Script', email, message: 'Please tell us about a new website.' }),
  });
}

const from = (address: string) => ({ 'x-forwarded-for': address });

async function stored(server: TestServer, emails: string[]): Promise<number> {
  const [row] = await server.sql<{ count: number }[]>`select count(*)::int as count from public.leads where email = any(${emails})`;
  return row!.count;
}

describe('the contact form: one visitor cannot close it for everybody', () => {
  it('takes ten messages an hour from one network, then answers 429 with Retry-After; other visitors go on', async () => {
    const emails = Array.from({ length: 11 }, () => uniqueEmail('flood'));
    for (const email of emails.slice(0, 10)) expect((await submit(proxied, email, from('198.51.100.1'))).status).toBe(201);
    const refused = await submit(proxied, emails[10]!, from('198.51.100.1'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      code: 'PT429',
      message: expect.stringMatching(/^Too many messages from your network: please try again in \d+ minutes, or write to us by e-mail\.$/),
      details: null,
      hint: null,
    });
    expect(await stored(proxied, emails)).toBe(10);

    expect((await submit(proxied, uniqueEmail('visitor'), from('198.51.100.2'))).status).toBe(201);
  });

  it('takes five messages an hour for one e-mail address, whatever network they come from', async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < 5; i += 1) expect((await submit(proxied, email, from(`198.51.100.${20 + i}`))).status).toBe(201);
    const refused = await submit(proxied, email.toUpperCase(), from('198.51.100.30'));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many messages from this e-mail address: please try again in /);
    expect((await submit(proxied, uniqueEmail('other'), from('198.51.100.30'))).status).toBe(201);
  });

  it('counts an IPv6 client as its /64', async () => {
    for (let i = 1; i <= 10; i += 1) expect((await submit(proxied, uniqueEmail('v6'), from(`2001:db8:1:2::${i}`))).status).toBe(201);
    expect((await submit(proxied, uniqueEmail('v6'), from('2001:db8:1:2:ffff:ffff:ffff:ffff'))).status).toBe(429);
    expect((await submit(proxied, uniqueEmail('v6'), from('2001:db8:1:3::1'))).status).toBe(201);
  });

  it('without a trusted proxy, addresses the client writes in its headers are no new client', async () => {
    const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}`, 'cf-connecting-ip': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}` });
    for (let i = 0; i < 10; i += 1) expect((await submit(direct, uniqueEmail('forged'), forged(i))).status).toBe(201);
    expect((await submit(direct, uniqueEmail('forged'), forged(99))).status).toBe(429);
  });

  it('has no total for all visitors together: past the calm rate a message needs a proof of work, never a 429', async () => {
    // The old last resort (300 an hour in all) is gone: an empty bucket of it holds nobody back.
    await proxied.sql`update private.rate_limits set tokens = 0, updated_at = clock_timestamp() where key = 'lead:total'`;
    expect((await submit(proxied, uniqueEmail('late'), from('198.51.100.98'))).status).toBe(201);
    // Past the calm rate: a challenge to solve (tests/integration/leads-under-load.test.ts solves it).
    await proxied.sql`update private.rate_limits set tokens = 0, updated_at = clock_timestamp() where key = 'lead:calm'`;
    const asked = await submit(proxied, uniqueEmail('late'), from('198.51.100.99'));
    expect(asked.status).toBe(403);
    expect(await asked.json()).toMatchObject({ code: 'PT403', details: 'challenge_required', hint: expect.stringContaining('"algorithm": "SHA-256"') });
  });

  it('does not hold back the service role', async () => {
    const email = uniqueEmail('service');
    for (let i = 0; i < 7; i += 1) {
      expect((await submit(direct, email, {}, direct.serviceRoleKey)).status).toBe(201);
    }
  });
});

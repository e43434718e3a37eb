import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

function submit(email: string, message = 'Please tell us about a new website.') {
  return fetch(`${server.url}/rest/v1/leads`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Sam Script', email, message }),
  });
}

describe('the contact form cannot be flooded', () => {
  it('accepts five messages an hour from one address, then answers 429 and stores nothing more', async () => {
    for (let i = 0; i < 5; i += 1) expect((await submit('flood@example.com')).status).toBe(201);
    const refused = await submit('FLOOD@example.com');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 'PT429',
      message: 'Too many messages from this address: please try again in an hour, or write to us by e-mail.',
    });
    const [row] = await server.sql`select count(*)::int as count from public.leads where lower(email) = 'flood@example.com'`;
    expect(row).toEqual({ count: 5 });
    expect((await submit('someone-else@example.com')).status).toBe(201);
  });

  it('caps all messages at sixty per ten minutes', async () => {
    await server.sql`
      insert into public.leads (name, email, message, created_at)
      select 'Earlier', 'earlier-' || n || '@example.com', 'An earlier message for the cap.', now() - interval '1 minute'
      from generate_series(1, 60 - (select count(*)::int from public.leads)) as n`;
    const refused = await submit('new-visitor@example.com');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^We are receiving a lot of messages right now/);
  });
});

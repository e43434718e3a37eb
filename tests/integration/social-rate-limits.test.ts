import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Publishing per account within its network's limits (issue 30, point 5), against a Mastodon instance answering as
 * its documentation says (CONTRACT: POST /api/v1/statuses → 200 Status, or 429 {"error":"Too many requests"} with
 * Retry-After when the account is throttled, docs.joinmastodon.org/api/rate-limits). Account A is throttled, account
 * B is not: B's post goes out at its moment while A's waits for the moment the instance named, said on the post;
 * an account that used up its window (server/src/modules/social/network-limits.ts) waits too, alone.
 */

const TOKEN_A = 'tok-AAAAaaaa0123456789abcdefghijklmnopqrstu';
const TOKEN_B = 'tok-BBBBbbbb0123456789abcdefghijklmnopqrstu';
let instance: Server;
let origin: string;
let throttled = new Set<string>([TOKEN_A]);
const posted: Array<{ token: string; text: string }> = [];

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

let server: TestServer;
let owner: SignedInUser;
const accounts: Record<'a' | 'b', string> = { a: '', b: '' };
const drain = () => server.app.jobRunner!()!.drain();

beforeAll(async () => {
  instance = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (token !== TOKEN_A && token !== TOKEN_B) return json(response, 401, { error: 'The access token is invalid' });
      if (request.method === 'GET' && path === '/api/v1/accounts/verify_credentials') return json(response, 200, { id: token === TOKEN_A ? '1' : '2', username: token === TOKEN_A ? 'a' : 'b' });
      if (request.method === 'POST' && path === '/api/v1/statuses') {
        if (throttled.has(token)) return json(response, 429, { error: 'Too many requests' }, { 'retry-after': '600' });
        const id = String(1000 + posted.length);
        posted.push({ token, text: (JSON.parse(body) as { status: string }).status });
        return json(response, 200, { id, uri: `${origin}/users/x/statuses/${id}`, url: `${origin}/@x/${id}` });
      }
      json(response, 404, { error: 'Record not found' });
    });
  });
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.3', resolve));
  origin = `http://127.0.0.3:${(instance.address() as AddressInfo).port}`;
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.3', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
  for (const [name, token] of [['a', TOKEN_A], ['b', TOKEN_B]] as const) {
    const { data } = await owner.client.rpc('connect_social_account', { workspace_id: owner.organizationId, network: 'mastodon', identifier: name, service_url: origin, secret: token });
    accounts[name] = (data as { account: { id: string } }).account.id;
  }
  await drain();
});

afterAll(async () => {
  await server?.close();
  instance?.closeAllConnections();
  await new Promise((resolve) => instance?.close(resolve));
});

/** One post on the given accounts, its moment brought to now through the database, the due jobs run. */
async function postNow(text: string, on: Array<'a' | 'b'>) {
  const { data: post, error } = await owner.client.rpc('save_social_post', {
    workspace_id: owner.organizationId, body: text, channels: on.map((name) => ({ account_id: accounts[name] })), scheduled_at: new Date(Date.now() + 60_000).toISOString(),
  });
  expect(error).toBeNull();
  await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
  await drain();
  const { data: channels } = await owner.client.from('social_post_channels').select('id, account_id, status, result_message').eq('post_id', post!.id);
  const of = (name: 'a' | 'b') => channels!.find((channel) => channel.account_id === accounts[name])!;
  return { a: on.includes('a') ? of('a') : null, b: on.includes('b') ? of('b') : null };
}

const jobRunsIn = async (channelId: string) => {
  const [job] = await server.sql<{ seconds: number }[]>`select extract(epoch from run_at - now())::integer as seconds from graphile_worker.jobs where key = ${`social:${channelId}:publish`}`;
  return job?.seconds;
};

describe('per-account rate limits', () => {
  it('a 429 on account A reschedules A’s channel, in plain words, while B’s goes out at its moment', async () => {
    const { a, b } = await postNow('Launch day', ['a', 'b']);
    expect(b).toMatchObject({ status: 'published' });
    expect(a!.status).toBe('scheduled');
    expect(a!.result_message).toMatch(/^Waiting: Mastodon is limiting how often this account posts \(HTTP 429: “Too many requests”\)\. It goes out after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\.$/);
    expect(await jobRunsIn(a!.id)).toBeGreaterThan(590);
    expect(posted).toEqual([{ token: TOKEN_B, text: 'Launch day' }]);
  });

  it('holds A’s later posts without asking the instance, and never B’s', async () => {
    const before = posted.length;
    const { a, b } = await postNow('Second post', ['a', 'b']);
    expect(b!.status).toBe('published');
    expect(a!.status).toBe('scheduled');
    expect(a!.result_message).toMatch(/^Waiting: Mastodon is limiting/);
    expect(posted.slice(before)).toEqual([{ token: TOKEN_B, text: 'Second post' }]);
  });

  it('sends A’s waiting posts once the moment has come, each once', async () => {
    throttled = new Set();
    await server.sql`update private.social_account_holds set until = now() - interval '1 second' where account_id = ${accounts.a}`;
    await server.sql`update graphile_worker._private_jobs set run_at = now() where key like 'social:%:publish'`;
    await drain();
    const { data: channels } = await owner.client.from('social_post_channels').select('status, result_message').eq('account_id', accounts.a);
    expect(channels).toEqual([{ status: 'published', result_message: null }, { status: 'published', result_message: null }]);
    expect(posted.filter((one) => one.token === TOKEN_A).map((one) => one.text).sort()).toEqual(['Launch day', 'Second post']);
  });

  it('makes an account that used up its window wait, alone, saying which limit', async () => {
    // B sent 300 posts in the last minute: Mastodon's 300 requests per 5 minutes are used up.
    await server.sql`insert into private.social_account_sends (account_id, sent_at) select ${accounts.b}, now() - interval '1 minute' from generate_series(1, 300)`;
    const before = posted.length;
    const { a, b } = await postNow('Third post', ['a', 'b']);
    expect(a!.status).toBe('published');
    expect(b!.status).toBe('scheduled');
    expect(b!.result_message).toMatch(/^Waiting: Mastodon takes 300 requests per account in 5 minutes\. It goes out after /);
    const seconds = await jobRunsIn(b!.id);
    expect(seconds).toBeGreaterThan(200);
    expect(seconds).toBeLessThanOrEqual(240);
    expect(posted.slice(before)).toEqual([{ token: TOKEN_A, text: 'Third post' }]);
  });
});

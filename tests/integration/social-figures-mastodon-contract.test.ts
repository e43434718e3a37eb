import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * CONTRACT TEST of the Mastodon figures (a Mastodon instance cannot run here). The instance below answers as
 * Mastodon's documentation says (docs.joinmastodon.org/methods/statuses/#get, /entities/Status): GET
 * /api/v1/statuses/:id with a Bearer token → 200 Status {id, uri, url, replies_count, reblogs_count,
 * favourites_count, …}, 404 {"error":"Record not found"} for a deleted status, 401 {"error":"The access token is
 * invalid"}. The fetch_social_figures job's code is the one that runs against a real instance.
 */

const TOKEN = 'tok-FiGuReS0123456789abcdefghijklmnopqrstuv';
let instance: Server;
let origin: string;
const seen: Array<{ method: string; path: string; headers: IncomingMessage['headers'] }> = [];
const statuses = new Map<string, { favourites_count: number; reblogs_count: number; replies_count: number }>();
let nextId = 1100;

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

function status(id: string) {
  const counts = statuses.get(id)!;
  return {
    id, created_at: new Date().toISOString(), in_reply_to_id: null, sensitive: false, spoiler_text: '', visibility: 'public', language: 'en',
    uri: `${origin}/users/agency/statuses/${id}`, url: `${origin}/@agency/${id}`, content: '<p>Hello</p>', ...counts,
    account: { id: '109348', username: 'agency', acct: 'agency' }, media_attachments: [], mentions: [], tags: [], emojis: [],
  };
}

let server: TestServer;
let owner: SignedInUser;
let viewer: SignedInUser;
let accountId: string;
const drain = () => server.app.jobRunner!()!.drain();

beforeAll(async () => {
  instance = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      seen.push({ method: request.method!, path, headers: request.headers });
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return json(response, 401, { error: 'The access token is invalid' });
      if (request.method === 'GET' && path === '/api/v1/accounts/verify_credentials') return json(response, 200, { id: '109348', username: 'agency', acct: 'agency' });
      if (request.method === 'POST' && path === '/api/v1/statuses') {
        const id = String((nextId += 1));
        statuses.set(id, { favourites_count: 0, reblogs_count: 0, replies_count: 0 });
        return json(response, 200, status(id));
      }
      const match = /^\/api\/v1\/statuses\/(\d+)$/.exec(path);
      if (request.method === 'GET' && match && statuses.has(match[1]!)) return json(response, 200, status(match[1]!));
      json(response, 404, { error: 'Record not found' });
    });
  });
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.3', resolve));
  origin = `http://127.0.0.3:${(instance.address() as AddressInfo).port}`;
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.3', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
  viewer = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${viewer.id}, 'viewer')`;
});

afterAll(async () => {
  await server?.close();
  instance?.closeAllConnections();
  await new Promise((resolve) => instance?.close(resolve));
});

async function publishNow(text: string) {
  const { data: post } = await owner.client.rpc('save_social_post', {
    workspace_id: owner.organizationId, body: text, channels: [{ account_id: accountId }], scheduled_at: new Date(Date.now() + 60_000).toISOString(),
  });
  await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
  await drain();
  const { data: channel } = await owner.client.from('social_post_channels').select('id, status, external_id').eq('post_id', post!.id).single();
  expect(channel!.status).toBe('published');
  return channel!;
}

async function fetchFigures() {
  await server.sql`select private.enqueue_job('fetch_social_figures', ${server.sql.json({ workspace_id: owner.organizationId })}, now(), ${`social-figures:${owner.organizationId}`}, 3)`;
  await drain();
}

const figuresOf = async (channelId: string) =>
  (await viewer.client.from('social_post_figures').select('likes, reposts, replies, fetch_message').eq('channel_id', channelId).single()).data;

describe('Mastodon figures (contract test from the documented API)', () => {
  it('reads favourites, boosts and replies of each published status with the account’s token', async () => {
    const { data } = await owner.client.rpc('connect_social_account', { workspace_id: owner.organizationId, network: 'mastodon', identifier: 'agency', service_url: origin, secret: TOKEN });
    accountId = (data as { account: { id: string } }).account.id;
    await drain();
    const first = await publishNow('First');
    const second = await publishNow('Second');
    statuses.set(first.external_id!, { favourites_count: 4, reblogs_count: 2, replies_count: 1 });
    seen.length = 0;
    await fetchFigures();

    expect(await figuresOf(first.id)).toEqual({ likes: 4, reposts: 2, replies: 1, fetch_message: null });
    expect(await figuresOf(second.id)).toEqual({ likes: 0, reposts: 0, replies: 0, fetch_message: null });
    expect(seen.map((request) => `${request.method} ${request.path}`).sort()).toEqual([`GET /api/v1/statuses/${first.external_id}`, `GET /api/v1/statuses/${second.external_id}`].sort());
    expect(seen.every((request) => request.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('keeps the last figures of a status the instance no longer has, saying why', async () => {
    const { data: channels } = await owner.client.from('social_post_channels').select('id, external_id').eq('organization_id', owner.organizationId).eq('status', 'published');
    const first = channels!.find((channel) => statuses.get(channel.external_id!)?.favourites_count === 4)!;
    statuses.delete(first.external_id!);
    await fetchFigures();
    expect(await figuresOf(first.id)).toEqual({ likes: 4, reposts: 2, replies: 1, fetch_message: 'Mastodon no longer has this post (deleted).' });
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToLibrary, smallPng } from '../support/assets';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * CONTRACT TEST of the Mastodon connector's media (a Mastodon instance cannot run here). The instance below answers
 * as docs.joinmastodon.org/methods/media says: POST /api/v2/media (multipart/form-data: `file`, `description`) →
 * 200 MediaAttachment, or 202 with `url: null` while it processes the file, after which GET /api/v1/media/:id
 * answers 206 (still processing) and then 200; 422 {"error":"Validation failed: …"} for a file it refuses. The
 * status then names the attachments in `media_ids` (POST /api/v1/statuses). The connector code is the one that runs
 * against a real instance.
 */

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

const TOKEN = 'tok-media-ZA0aBcDeFgHiJkLmNoPqRsTuVwXyZ012345';
let instance: Server;
let origin: string;
const seen: Seen[] = [];
let mediaAnswer: (response: ServerResponse) => void = () => undefined;
let processingChecks = 0;

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

let server: TestServer;
let owner: SignedInUser;
let accountId: string;
let assetId: string;
let png: Buffer;
const drain = () => server.app.jobRunner!()!.drain();

beforeAll(async () => {
  instance = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      seen.push({ method: request.method!, path, headers: request.headers, body: Buffer.concat(chunks) });
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return json(response, 401, { error: 'The access token is invalid' });
      if (request.method === 'GET' && path === '/api/v1/accounts/verify_credentials') return json(response, 200, { id: '2001', username: 'agency', acct: 'agency' });
      if (request.method === 'POST' && path === '/api/v2/media') return mediaAnswer(response);
      if (request.method === 'GET' && path === '/api/v1/media/m-202') {
        processingChecks += 1;
        return processingChecks < 2 ? json(response, 206, { id: 'm-202', type: 'image', url: null }) : json(response, 200, { id: 'm-202', type: 'image', url: `${origin}/media/m-202.png` });
      }
      if (request.method === 'POST' && path === '/api/v1/statuses') return json(response, 200, { id: '777', uri: `${origin}/users/agency/statuses/777`, url: `${origin}/@agency/777` });
      json(response, 404, { error: 'Record not found' });
    });
  });
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.3', resolve));
  origin = `http://127.0.0.3:${(instance.address() as AddressInfo).port}`;
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.3', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
  const { data } = await owner.client.rpc('connect_social_account', { workspace_id: owner.organizationId, network: 'mastodon', identifier: 'agency', service_url: origin, secret: TOKEN });
  accountId = (data as { account: { id: string } }).account.id;
  await drain();
  png = await smallPng();
  assetId = (await addToLibrary(owner.client, owner.organizationId, { name: 'team photo.png', bytes: png, type: 'image/png' }, { width: 64, height: 48 })).asset_id;
  await server.sql`update public.assets set status = 'approved', approved_at = now() where id = ${assetId}`;
});

afterAll(async () => {
  await server?.close();
  instance?.closeAllConnections();
  await new Promise((resolve) => instance?.close(resolve));
});

async function postNow(text: string) {
  const { data: post, error } = await owner.client.rpc('save_social_post', {
    workspace_id: owner.organizationId, body: text, channels: [{ account_id: accountId }], scheduled_at: new Date(Date.now() + 60_000).toISOString(),
    media: [{ asset_id: assetId, alt: 'Five people laughing around a table' }],
  });
  expect(error).toBeNull();
  await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
  seen.length = 0;
  await drain();
  const { data: channel } = await owner.client.from('social_post_channels').select('id, status, result_message').eq('post_id', post!.id).single();
  return channel!;
}

async function formOf(request: Seen) {
  return new Request('http://x/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type']) }, body: new Uint8Array(request.body) }).formData();
}

describe('Mastodon media (contract test from the documented API)', () => {
  it('uploads with POST /api/v2/media (file + description), waits out 202/206, then posts the status with media_ids', async () => {
    mediaAnswer = (response) => json(response, 202, { id: 'm-202', type: 'image', url: null, preview_url: `${origin}/media/small.png`, description: 'Five people laughing around a table' });
    const channel = await postNow('Meet the team');
    expect(channel.status).toBe('published');
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/v2/media', 'GET /api/v1/media/m-202', 'GET /api/v1/media/m-202', 'POST /api/v1/statuses']);
    const upload = seen[0]!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(upload);
    const file = form.get('file') as File;
    expect(file.name).toBe('team photo.png');
    expect(file.type).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    expect(form.get('description')).toBe('Five people laughing around a table');
    expect(JSON.parse(seen[3]!.body.toString('utf8'))).toEqual({ status: 'Meet the team', visibility: 'public', media_ids: ['m-202'] });
    expect(seen[3]!.headers['idempotency-key']).toBe(channel.id);
  });

  it('records a refused upload as failed in the instance’s words, and sends no status', async () => {
    mediaAnswer = (response) => json(response, 422, { error: 'Validation failed: File content type is invalid' });
    const channel = await postNow('Refused image');
    expect(channel).toMatchObject({ status: 'failed', result_message: 'Mastodon did not take “team photo.png” (HTTP 422: “Validation failed: File content type is invalid”); nothing was posted.' });
    expect(seen.map((request) => request.path)).toEqual(['/api/v2/media']);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPds, type LocalPds, type PdsAccount } from '../support/local-pds';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Link previews of social posts (issue 30 point 2): the first URL of a post is fetched by a job through the outbound
 * client from a real local site, its og:title / og:description / og:image stored, and the Bluesky post on a real PDS
 * carries an app.bsky.embed.external card. A page that fails gives no card and the post still goes out. Without the
 * server's OUTBOUND_ALLOW_PRIVATE setting, a private address is refused.
 */

let site: Server;
let siteUrl: string;
let pds: LocalPds;
let server: TestServer;
let strict: TestServer | undefined;
let owner: SignedInUser;
let outsider: SignedInUser;
let alice: PdsAccount;
let accountId: string;

const PAGE = `<!doctype html><html><head><title>Fallback title</title>
<meta property="og:title" content="Spring collection &amp; more">
<meta property="og:description" content="Twelve new prints for the season.">
<meta property="og:image" content="/images/spring.jpg">
</head><body><h1>Spring</h1></body></html>`;

const drain = (on: TestServer) => on.app.jobRunner!()!.drain();

async function save(user: SignedInUser, body: string, channels: Array<{ account_id: string }>) {
  const { data, error } = await user.client.rpc('save_social_post', { workspace_id: user.organizationId, body, channels, scheduled_at: new Date(Date.now() + 3_600_000).toISOString() });
  expect(error).toBeNull();
  return data!;
}

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/spring') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    response.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  pds = await startLocalPds();
  alice = await pds.createAccount('alice');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: 'true', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
  outsider = await signedInUser(server);
  const { data } = await owner.client.rpc('connect_social_account', {
    workspace_id: owner.organizationId, network: 'bluesky', identifier: alice.handle, service_url: pds.url, secret: alice.appPassword,
  });
  accountId = (data as { account: { id: string } }).account.id;
  await drain(server);
});

afterAll(async () => {
  await strict?.close();
  await server?.close();
  await pds?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

describe('Link previews of social posts', () => {
  it('fetches the first link’s card from a real site and puts it on the Bluesky post as an external embed, once', async () => {
    const post = await save(owner, `New prints are in: ${siteUrl}/spring, and more at ${siteUrl}/other`, [{ account_id: accountId }]);
    await drain(server);
    const { data: preview } = await owner.client.from('social_link_previews').select('url, status, title, description, image_url, note').eq('post_id', post.id).single();
    expect(preview).toEqual({
      url: `${siteUrl}/spring`, status: 'ready', title: 'Spring collection & more', description: 'Twelve new prints for the season.', image_url: `${siteUrl}/images/spring.jpg`, note: null,
    });
    // Another workspace sees nothing of it.
    expect((await outsider.client.from('social_link_previews').select('post_id').eq('post_id', post.id)).data).toEqual([]);

    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post.id}`;
    await drain(server);
    const records = (await pds.posts(alice.did)) as unknown as Array<{ value: { embed?: unknown } }>;
    expect(records).toHaveLength(1);
    expect(records[0]!.value.embed).toEqual({
      $type: 'app.bsky.embed.external', external: { uri: `${siteUrl}/spring`, title: 'Spring collection & more', description: 'Twelve new prints for the season.' },
    });
  });

  it('gives no card for a page that fails, and the post still goes out', async () => {
    const post = await save(owner, `Gone: ${siteUrl}/missing`, [{ account_id: accountId }]);
    await drain(server);
    const { data: preview } = await owner.client.from('social_link_previews').select('status, note').eq('post_id', post.id).single();
    expect(preview).toEqual({ status: 'failed', note: 'The page answered HTTP 404.' });
    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post.id}`;
    await drain(server);
    const { data: channel } = await owner.client.from('social_post_channels').select('status').eq('post_id', post.id).single();
    expect(channel!.status).toBe('published');
    const records = (await pds.posts(alice.did)) as unknown as Array<{ value: { text: string; embed?: unknown } }>;
    expect(records.find((record) => record.value.text.startsWith('Gone:'))!.value.embed).toBeUndefined();
  });

  it('refuses a private address when the server’s setting does not allow it', async () => {
    strict = await startTestServer({ OUTBOUND_ALLOW_PORTS: '*' });
    const user = await signedInUser(strict);
    const { data } = await user.client.rpc('connect_social_account', { workspace_id: user.organizationId, network: 'webhook', identifier: 'Zapier', service_url: 'https://hooks.zapier.example/catch/1' });
    const post = await save(user, `See ${siteUrl}/spring`, [{ account_id: (data as { account: { id: string } }).account.id }]);
    await drain(strict);
    const { data: preview } = await user.client.from('social_link_previews').select('status, title, note').eq('post_id', post.id).single();
    expect(preview!.status).toBe('failed');
    expect(preview!.title).toBeNull();
    expect(preview!.note).toMatch(/^The page could not be fetched \(.*(private|loopback).*\)\.$/i);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The composer's link card before the post is saved (issue 30 point 2, session 8): request_social_link_preview queues
 * the fetch on the job runner, which reads a real local site's og: tags into the workspace's cached row; the browser
 * reads the row (supabase-js, RLS: its workspace only). Saving the post then takes the ready card without fetching
 * the page again. The attacker's side: another workspace neither reads nor asks, a viewer does not ask, an anonymous
 * caller has no access; a server without OUTBOUND_ALLOW_PRIVATE refuses the loopback site.
 */

let site: Server;
let siteUrl: string;
const hits: string[] = [];
let server: TestServer;
let strict: TestServer | undefined;
let owner: SignedInUser;
let member: SignedInUser;
let viewer: SignedInUser;
let outsider: SignedInUser;

const PAGE = `<!doctype html><html><head><title>Fallback</title>
<meta property="og:title" content="Autumn boots are here">
<meta property="og:description" content="Waterproof, for the whole family.">
<meta property="og:image" content="/img/boots.jpg">
</head><body></body></html>`;

const drain = (on: TestServer) => on.app.jobRunner!()!.drain();

async function join(role: string) {
  const user = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${user.id}, ${role})`;
  return user;
}

beforeAll(async () => {
  site = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/boots') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    response.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: 'true', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
  [member, viewer] = [await join('member'), await join('viewer')];
  outsider = await signedInUser(server);
});

afterAll(async () => {
  await strict?.close();
  await server?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

describe('Link cards in the composer before saving', () => {
  it('queues the fetch, the job runner reads the real page, and the member reads the card; saving the post reuses it', async () => {
    const { data: asked, error } = await member.client.rpc('request_social_link_preview', { p_workspace_id: owner.organizationId, p_url: `${siteUrl}/boots` });
    expect(error).toBeNull();
    expect(asked).toMatchObject({ url: `${siteUrl}/boots`, status: 'pending', title: null });
    await drain(server);
    expect(hits).toEqual(['/boots']);
    const { data: card } = await member.client.from('social_link_preview_cache').select('url, status, title, description, image_url, note')
      .eq('organization_id', owner.organizationId).eq('url', `${siteUrl}/boots`).single();
    expect(card).toEqual({
      url: `${siteUrl}/boots`, status: 'ready', title: 'Autumn boots are here', description: 'Waterproof, for the whole family.', image_url: `${siteUrl}/img/boots.jpg`, note: null,
    });

    // Asked again (the composer polls and re-renders): the cached card, no second fetch.
    const { data: again } = await owner.client.rpc('request_social_link_preview', { p_workspace_id: owner.organizationId, p_url: `${siteUrl}/boots` });
    expect(again).toMatchObject({ status: 'ready', title: 'Autumn boots are here' });
    await drain(server);
    expect(hits).toEqual(['/boots']);

    // The post saved with that link has its card at once, and the page is not fetched again.
    const { data: account } = await owner.client.rpc('connect_social_account', { workspace_id: owner.organizationId, network: 'webhook', identifier: 'Zapier', service_url: 'https://hooks.example.com/catch/1' });
    const { data: post, error: saveError } = await member.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, body: `Boots! ${siteUrl}/boots`, channels: [{ account_id: (account as { account: { id: string } }).account.id }], scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(saveError).toBeNull();
    const { data: preview } = await member.client.from('social_link_previews').select('status, title, image_url').eq('post_id', post!.id).single();
    expect(preview).toEqual({ status: 'ready', title: 'Autumn boots are here', image_url: `${siteUrl}/img/boots.jpg` });
    await drain(server);
    expect(hits).toEqual(['/boots']);
  });

  it('records a page that fails as "no card" with the reason, and refuses what is not a link', async () => {
    const { data } = await owner.client.rpc('request_social_link_preview', { p_workspace_id: owner.organizationId, p_url: `${siteUrl}/gone` });
    expect(data).toMatchObject({ status: 'pending' });
    await drain(server);
    const { data: card } = await owner.client.from('social_link_preview_cache').select('status, title, note').eq('url', `${siteUrl}/gone`).single();
    expect(card).toEqual({ status: 'failed', title: null, note: 'The page answered HTTP 404.' });

    for (const url of ['javascript:alert(1)', 'ftp://example.com/x', 'https://example.com/a b', `https://example.com/${'x'.repeat(2000)}`, '']) {
      const { error } = await owner.client.rpc('request_social_link_preview', { p_workspace_id: owner.organizationId, p_url: url });
      expect({ url: url.slice(0, 30), code: error?.code, details: error?.details }).toEqual({ url: url.slice(0, 30), code: 'P0001', details: 'invalid_url' });
    }
  });

  it('from the attacker’s side: another workspace neither reads nor asks, a viewer does not ask, anonymous callers have no access', async () => {
    // Another workspace sees none of workspace 1's cards, and asking for workspace 1 is refused.
    expect((await outsider.client.from('social_link_preview_cache').select('url').eq('organization_id', owner.organizationId)).data).toEqual([]);
    expect((await outsider.client.from('social_link_preview_cache').select('url')).data).toEqual([]);
    const foreign = await outsider.client.rpc('request_social_link_preview', { p_workspace_id: owner.organizationId, p_url: `${siteUrl}/boots?x=1` });
    expect(foreign.error).toMatchObject({ code: '42501', details: 'not_a_member' });
    // Its own card stays its own: workspace 1 does not see it.
    await outsider.client.rpc('request_social_link_preview', { p_workspace_id: outsider.organizationId, p_url: `${siteUrl}/boots?outsider` });
    expect((await owner.client.from('social_link_preview_cache').select('url').eq('url', `${siteUrl}/boots?outsider`)).data).toEqual([]);

    // A viewer reads the workspace's cards but does not compose, so does not ask for fetches.
    expect((await viewer.client.from('social_link_preview_cache').select('url').eq('url', `${siteUrl}/boots`)).data).toHaveLength(1);
    const viewed = await viewer.client.rpc('request_social_link_preview', { p_workspace_id: owner.organizationId, p_url: `${siteUrl}/boots?viewer` });
    expect(viewed.error).toMatchObject({ code: '42501', details: 'role_too_low' });

    const anon = createClient<Database>(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const anonymous = await anon.rpc('request_social_link_preview', { p_workspace_id: owner.organizationId, p_url: `${siteUrl}/boots?anon` });
    expect(anonymous.error?.code).toBe('42501');
    expect((await anon.from('social_link_preview_cache').select('url')).error?.code).toBe('42501');
    const rows = await server.sql`select url from public.social_link_preview_cache where url like ${`${siteUrl}/boots?%`} and organization_id = ${owner.organizationId}`;
    expect(rows).toEqual([]);
  });

  it('refuses the loopback site when the server’s setting does not allow private addresses', async () => {
    strict = await startTestServer({ OUTBOUND_ALLOW_PORTS: '*' });
    const user = await signedInUser(strict);
    const before = hits.length;
    await user.client.rpc('request_social_link_preview', { p_workspace_id: user.organizationId, p_url: `${siteUrl}/boots` });
    await drain(strict);
    const { data: card } = await user.client.from('social_link_preview_cache').select('status, title, note').single();
    expect(card!.status).toBe('failed');
    expect(card!.title).toBeNull();
    expect(card!.note).toMatch(/^The page could not be fetched \(.*(private|loopback).*\)\.$/i);
    expect(hits.length).toBe(before);
  });
});

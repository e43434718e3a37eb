import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database';
import { CHROME } from '../support/analytics-ingest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Clicks through a published post's UTM-tagged links (issue 30, point 6) on the real server: the publishing job tags
 * the post's link (a real webhook receiver sees it), page views carrying those tags are recorded through the
 * snippet's own endpoint (record_analytics_events, anon key, the page's Origin), and social_post_clicks counts them
 * for the post — only those of the workspace's own sites: the same tags on another workspace's site do not count.
 */

let server: TestServer;
let receiver: WebhookReceiver;
let owner: SignedInUser;
let viewer: SignedInUser;
let outsider: SignedInUser;
let ownSite: string;
let otherSite: string;
let nextClient = 1;

const drain = () => server.app.jobRunner!()!.drain();

async function addSite(user: SignedInUser, domain: string): Promise<string> {
  const { data, error } = await user.client.from('analytics_sites').insert({ organization_id: user.organizationId, name: domain, domain, created_by: user.id }).select('id').single();
  expect(error).toBeNull();
  return data!.id;
}

/** What the snippet (public/analytics.js) sends for a page view of `url` on the site of `domain`. */
async function recordPageView(siteId: string, domain: string, url: string) {
  const response = await fetch(`${server.url}/rest/v1/rpc/record_analytics_events`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'content-type': 'application/json', origin: `https://${domain}`, 'user-agent': CHROME, 'x-forwarded-for': `203.0.113.${nextClient++}` },
    body: JSON.stringify({ site_id: siteId, events: [{ name: 'pageview', url, screen_width: 1280 }] }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.2');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*', TRUST_PROXY: 'true' });
  owner = await signedInUser(server);
  viewer = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${viewer.id}, 'viewer')`;
  outsider = await signedInUser(server);
  ownSite = await addSite(owner, 'shop.example');
  otherSite = await addSite(outsider, 'rival.example');
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('clicks through a post’s UTM-tagged links', () => {
  it('the published link carries the post’s tags; page views with them on the workspace’s own site count, the same on another workspace’s site do not', async () => {
    const { data: connected, error: connectError } = await owner.client.rpc('connect_social_account', { workspace_id: owner.organizationId, network: 'webhook', identifier: 'n8n', service_url: `${receiver.origin}/clicks` });
    expect(connectError).toBeNull();
    const accountId = (connected as { account: { id: string } }).account.id;
    await drain();
    const { data: post, error } = await owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, body: 'Spring sale: https://www.shop.example/sale?ref=x.', channels: [{ account_id: accountId }], scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(error).toBeNull();
    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
    await drain();
    const campaign = `social-${post!.id.replace(/-/g, '').slice(0, 8)}`;
    const tagged = `https://www.shop.example/sale?ref=x&utm_source=webhook&utm_medium=social&utm_campaign=${campaign}`;
    expect(receiver.to('/clicks').map((request) => JSON.parse(request.body).data.text)).toEqual([`Spring sale: ${tagged}.`]);

    await recordPageView(ownSite, 'www.shop.example', tagged);
    await recordPageView(ownSite, 'www.shop.example', tagged);
    // Not this post's: another network's tag, no tags at all.
    await recordPageView(ownSite, 'www.shop.example', tagged.replace('utm_source=webhook', 'utm_source=bluesky'));
    await recordPageView(ownSite, 'www.shop.example', 'https://www.shop.example/sale');
    // The same tags on another workspace's site.
    await recordPageView(otherSite, 'rival.example', tagged.replace('www.shop.example', 'rival.example'));

    const [channel] = await server.sql<{ id: string }[]>`select id from public.social_post_channels where post_id = ${post!.id}`;
    for (const reader of [owner, viewer]) {
      const { data, error: clicksError } = await reader.client.rpc('social_post_clicks', { workspace_id: owner.organizationId });
      expect(clicksError).toBeNull();
      expect(data).toEqual([{ channel_id: channel!.id, clicks: 2 }]);
    }
  });

  it('from the attacker’s side: another workspace and an anonymous caller read no clicks', async () => {
    const { error } = await outsider.client.rpc('social_post_clicks', { workspace_id: owner.organizationId });
    expect(error).toMatchObject({ code: '42501', details: 'not_a_member' });
    const { data: theirs } = await outsider.client.rpc('social_post_clicks', { workspace_id: outsider.organizationId });
    expect(theirs).toEqual([]);
    const anon = createClient<Database>(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { error: anonError } = await anon.rpc('social_post_clicks', { workspace_id: owner.organizationId });
    expect(anonError).toMatchObject({ code: '42501' });
  });
});

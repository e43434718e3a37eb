import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database';
import { addToLibrary, smallPng } from '../support/assets';
import { startLocalAppView, type LocalAppView } from '../support/local-app-view';
import { startLocalPds, type LocalPds, type PdsAccount } from '../support/local-pds';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 30's "Done when", in one chain through supabase-js and the real server, against a real PDS: connect Bluesky
 * with an app password, compose with an approved image and its alt text in a workspace that requires approval, share
 * the approval link and approve it signed out, move the clock through the database, see the post on the PDS exactly
 * once (the job run again adds nothing), and fetch its figures after another account likes it (the PDS's AppView is
 * the stand-in of tests/support/local-app-view.ts, counting the PDS's real like records). Each step is tested on its
 * own elsewhere (social-bluesky, social-bluesky-media, social-approval, social-figures); this proves they compose.
 */

let appView: LocalAppView;
let pds: LocalPds;
let server: TestServer;
let owner: SignedInUser;
let alice: PdsAccount;
let bob: PdsAccount;

const drain = () => server.app.jobRunner!()!.drain();
const anon = () => createClient<Database>(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

interface PdsPost {
  uri: string;
  value: { text: string; embed?: { $type: string; images: Array<{ alt: string }> } };
}

beforeAll(async () => {
  appView = await startLocalAppView();
  pds = await startLocalPds({ appViewUrl: appView.url });
  appView.usePds(pds.url);
  alice = await pds.createAccount('alice');
  bob = await pds.createAccount('bob');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  owner = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
  await pds?.close();
  await appView?.close();
});

describe('issue 30, done when: a post from composing to its figures', () => {
  it('connects Bluesky, composes with an image, is approved by link signed out, publishes once at its time and gets its figures', async () => {
    // Connect: the app password is sealed by the worker, never readable again through the API.
    const { data: connected, error: connectError } = await owner.client.rpc('connect_social_account', {
      workspace_id: owner.organizationId, network: 'bluesky', identifier: alice.handle, service_url: pds.url, secret: alice.appPassword,
    });
    expect(connectError).toBeNull();
    const accountId = (connected as { account: { id: string } }).account.id;
    await drain();
    const { data: account } = await owner.client.from('social_accounts').select('status').eq('id', accountId).single();
    expect(account!.status).toBe('connected');

    // Approval required; an approved image of the library with its alt text.
    expect((await owner.client.rpc('set_social_posts_need_approval', { workspace_id: owner.organizationId, required: true })).error).toBeNull();
    const png = await smallPng();
    const image = await addToLibrary(owner.client, owner.organizationId, { name: 'launch.png', bytes: png, type: 'image/png' }, { width: 64, height: 48 });
    await server.sql`update public.assets set status = 'approved', approved_at = now() where id = ${image.asset_id}`;
    const { data: post, error: saveError } = await owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, body: 'Our launch is live 🚀', channels: [{ account_id: accountId }],
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(), media: [{ asset_id: image.asset_id, alt: 'The launch banner' }] as never,
    });
    expect(saveError).toBeNull();

    // Due while awaiting approval: nothing goes out.
    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
    await drain();
    expect(await pds.posts(alice.did)).toHaveLength(0);
    await server.sql`update public.social_posts set scheduled_at = now() + interval '1 hour' where id = ${post!.id}`;

    // The link, approved by a reviewer with no account.
    const { data: shared, error: shareError } = await owner.client.rpc('share_social_post_for_approval', { post_id: post!.id });
    expect(shareError).toBeNull();
    const token = shared![0]!.token;
    const { data: decided, error: decideError } = await anon().rpc('decide_social_approval', { token, decision: 'approve', reviewer_name: 'Pat (client)' });
    expect(decideError).toBeNull();
    expect(decided).toBe('approved');

    // The clock moves past its time: published once, with its image and alt text.
    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
    await drain();
    const { data: channel } = await owner.client.from('social_post_channels').select('id, status, external_id, published_url').eq('post_id', post!.id).single();
    expect(channel).toMatchObject({ status: 'published', published_url: expect.stringContaining('/post/') });
    const records = (await pds.posts(alice.did)) as unknown as PdsPost[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ uri: channel!.external_id, value: { text: 'Our launch is live 🚀', embed: { $type: 'app.bsky.embed.images', images: [{ alt: 'The launch banner' }] } } });

    // The same publishing job again (a worker killed after sending): still one record.
    const [row] = await server.sql<{ at: string }[]>`select to_jsonb(scheduled_at) #>> '{}' as at from public.social_posts where id = ${post!.id}`;
    await server.sql`select private.enqueue_job('publish_social_post', ${server.sql.json({ workspace_id: owner.organizationId, channel_id: channel!.id, planned_at: row!.at })})`;
    await drain();
    expect(await pds.posts(alice.did)).toHaveLength(1);

    // Figures: bob likes it; the figures job asks the network.
    const cid = ((await (await fetch(`${pds.url}/xrpc/com.atproto.repo.getRecord?repo=${alice.did}&collection=app.bsky.feed.post&rkey=${channel!.external_id!.split('/').pop()}`)).json()) as { cid: string }).cid;
    const like = await fetch(`${pds.url}/xrpc/com.atproto.repo.createRecord`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.accessJwt}` },
      body: JSON.stringify({ repo: bob.did, collection: 'app.bsky.feed.like', record: { $type: 'app.bsky.feed.like', subject: { uri: channel!.external_id, cid }, createdAt: new Date().toISOString() } }),
    });
    expect(like.status).toBe(200);
    await server.sql`select private.enqueue_job('fetch_social_figures', ${server.sql.json({ workspace_id: owner.organizationId })}, now(), ${`social-figures:${owner.organizationId}`}, 3)`;
    await drain();
    const { data: figures } = await owner.client.from('social_post_figures').select('likes, reposts, replies').eq('channel_id', channel!.id).single();
    expect(figures).toEqual({ likes: 1, reposts: 0, replies: 0 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalAppView, type LocalAppView } from '../support/local-app-view';
import { startLocalPds, type LocalPds, type PdsAccount } from '../support/local-pds';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The Social Hub's figures (issue 30, point 6) against a real PDS: a post published on alice's account, liked and
 * reposted by bob's account on the same PDS, gets 1 like and 1 repost from the `fetch_social_figures` job, asked of
 * the PDS (app.bsky.feed.getPosts, passed on to its AppView: here a stand-in counting the PDS's real like and repost
 * records, tests/support/local-app-view.ts). Everyone in the workspace reads them, nobody writes them, another
 * workspace neither sees them nor can have its job fetch them.
 */

let appView: LocalAppView;
let pds: LocalPds;
let server: TestServer;
let owner: SignedInUser;
let viewer: SignedInUser;
let outsider: SignedInUser;
let alice: PdsAccount;
let bob: PdsAccount;
let channelId: string;
let postUri: string;

const drain = () => server.app.jobRunner!()!.drain();

async function bobWrites(collection: string, record: Record<string, unknown>) {
  const response = await fetch(`${pds.url}/xrpc/com.atproto.repo.createRecord`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.accessJwt}` },
    body: JSON.stringify({ repo: bob.did, collection, record: { $type: collection, ...record, createdAt: new Date().toISOString() } }),
  });
  expect(response.status).toBe(200);
}

async function fetchFiguresNow(workspaceId: string) {
  await server.sql`select private.enqueue_job('fetch_social_figures', ${server.sql.json({ workspace_id: workspaceId })}, now(), ${`social-figures:${workspaceId}`}, 3)`;
  await drain();
}

beforeAll(async () => {
  appView = await startLocalAppView();
  pds = await startLocalPds({ appViewUrl: appView.url });
  appView.usePds(pds.url);
  alice = await pds.createAccount('alice');
  bob = await pds.createAccount('bob');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  owner = await signedInUser(server);
  viewer = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${viewer.id}, 'viewer')`;
  outsider = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
  await pds?.close();
  await appView?.close();
});

describe('figures of a post published on a real PDS', () => {
  it('queues a fetch for the workspace when a channel is published', async () => {
    const { data, error } = await owner.client.rpc('connect_social_account', {
      workspace_id: owner.organizationId, network: 'bluesky', identifier: alice.handle, service_url: pds.url, secret: alice.appPassword,
    });
    expect(error).toBeNull();
    const accountId = (data as { account: { id: string } }).account.id;
    await drain();
    const { data: post } = await owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, body: 'Figures, please', channels: [{ account_id: accountId }], scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
    await drain();
    const { data: channel } = await owner.client.from('social_post_channels').select('id, status, external_id').eq('post_id', post!.id).single();
    expect(channel!.status).toBe('published');
    channelId = channel!.id;
    postUri = channel!.external_id!;
    const [job] = await server.sql<{ later: boolean }[]>`
      select run_at > now() + interval '4 minutes' as later from graphile_worker.jobs where key = ${`social-figures:${owner.organizationId}`}`;
    expect(job).toEqual({ later: true });
  });

  it('fetches 0, then 1 like and 1 repost after another account likes and reposts the post', async () => {
    await fetchFiguresNow(owner.organizationId);
    const { data: none } = await viewer.client.from('social_post_figures').select('likes, reposts, replies, fetch_message').eq('channel_id', channelId).single();
    expect(none).toEqual({ likes: 0, reposts: 0, replies: 0, fetch_message: null });

    const cid = await cidOf(postUri);
    await bobWrites('app.bsky.feed.like', { subject: { uri: postUri, cid } });
    await bobWrites('app.bsky.feed.repost', { subject: { uri: postUri, cid } });
    await fetchFiguresNow(owner.organizationId);
    const { data: figures } = await viewer.client.from('social_post_figures').select('likes, reposts, replies, fetched_at').eq('channel_id', channelId).single();
    expect(figures).toMatchObject({ likes: 1, reposts: 1, replies: 0 });
    expect(figures!.fetched_at).not.toBeNull();
  });

  it('gives the Social Hub’s figures card its rows: published channels with their figures embedded', async () => {
    // The query of src/features/social/api/get-social-figures.ts, as a viewer.
    const { data, error } = await viewer.client.from('social_post_channels')
      .select('id, account_id, body, published_url, finished_at, social_post_figures(likes, reposts, replies, fetched_at, fetch_message)')
      .eq('organization_id', owner.organizationId).eq('status', 'published');
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ id: channelId, body: 'Figures, please', social_post_figures: expect.objectContaining({ likes: 1, reposts: 1, replies: 0, fetch_message: null }) })]);
  });

  it('lets a viewer read the figures and nobody write them', async () => {
    const { data: updated } = await owner.client.from('social_post_figures').update({ likes: 999 } as never).eq('channel_id', channelId).select('likes');
    expect(updated ?? []).toHaveLength(0);
    const { error: insertError } = await viewer.client.from('social_post_figures').insert({ channel_id: channelId, organization_id: owner.organizationId, likes: 5 } as never);
    expect(insertError).not.toBeNull();
    const [stored] = await server.sql<{ likes: number }[]>`select likes from public.social_post_figures where channel_id = ${channelId}`;
    expect(stored!.likes).toBe(1);
  });

  it('shows another workspace nothing, and its job neither fetches nor records the figures', async () => {
    const { data } = await outsider.client.from('social_post_figures').select('channel_id');
    expect(data).toEqual([]);
    const subject = { uri: postUri, cid: await cidOf(postUri) };
    await bobWrites('app.bsky.feed.post', { text: 'Congratulations!', reply: { root: subject, parent: subject } });
    const asked = appView.requests();
    await fetchFiguresNow(outsider.organizationId);
    expect(appView.requests()).toBe(asked);
    const [stored] = await server.sql<{ likes: number }[]>`select likes from public.social_post_figures where channel_id = ${channelId}`;
    expect(stored!.likes).toBe(1);
    await expect(server.sql`select private.record_social_post_figures(${outsider.organizationId}, ${channelId}, 7, 7, 7, null)`).rejects.toMatchObject({ code: '42501' });
    const [untouched] = await server.sql<{ replies: number }[]>`select replies from public.social_post_figures where channel_id = ${channelId}`;
    expect(untouched!.replies).toBe(0);
    // The workspace's own job sees the reply.
    await fetchFiguresNow(owner.organizationId);
    const [after] = await server.sql`select likes, reposts, replies, fetch_message from public.social_post_figures where channel_id = ${channelId}`;
    expect(after).toEqual({ likes: 1, reposts: 1, replies: 1, fetch_message: null });
  });
});

async function cidOf(uri: string): Promise<string> {
  const response = await fetch(`${pds.url}/xrpc/com.atproto.repo.getRecord?repo=${alice.did}&collection=app.bsky.feed.post&rkey=${uri.split('/').pop()}`);
  return ((await response.json()) as { cid: string }).cid;
}

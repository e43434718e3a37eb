import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPds, type LocalPds, type PdsAccount } from '../support/local-pds';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The Social Hub's Bluesky connector against a real PDS (@atproto/pds with a real PLC directory, in this process):
 * connect with a handle and an app password through supabase-js, the credential sealed at rest; a post scheduled,
 * published when its moment comes (the clock moved through the database) and on the PDS exactly once; a job that
 * finds its channel mid-attempt marks it unconfirmed and sends nothing; a text too long after all fails in plain
 * words; a revoked app password turns the account to "Reconnect", and reconnecting brings it back.
 */

let pds: LocalPds;
let server: TestServer;
let owner: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;
let alice: PdsAccount;
let accountId: string;

const drain = () => server.app.jobRunner!()!.drain();

async function channelOf(postId: string) {
  const { data, error } = await owner.client.from('social_post_channels').select('id, status, published_url, external_id, result_message').eq('post_id', postId).single();
  expect(error).toBeNull();
  return data!;
}

/** A post for alice's account, scheduled an hour ahead, then its moment brought to now through the database. */
async function publishNow(text: string) {
  const { data: post, error } = await owner.client.rpc('save_social_post', {
    workspace_id: owner.organizationId, body: text, channels: [{ account_id: accountId }], scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  expect(error).toBeNull();
  await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
  await drain();
  return post!;
}

beforeAll(async () => {
  pds = await startLocalPds();
  alice = await pds.createAccount('alice');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  owner = await signedInUser(server);
  member = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${member.id}, 'member')`;
  outsider = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
  await pds?.close();
});

describe('Bluesky on a real PDS', () => {
  it('connects with a handle and an app password, sealing the password at rest', async () => {
    const { data, error } = await owner.client.rpc('connect_social_account', {
      workspace_id: owner.organizationId, network: 'bluesky', identifier: alice.handle, service_url: pds.url, secret: alice.appPassword,
    });
    expect(error).toBeNull();
    const connected = data as { account: { id: string; status: string }; signing_secret: string | null };
    expect(connected.account.status).toBe('connecting');
    expect(connected.signing_secret).toBeNull();
    accountId = connected.account.id;
    await drain();

    const { data: account } = await owner.client.from('social_accounts').select('status, external_id, display_name, service_origin').eq('id', accountId).single();
    expect(account).toEqual({ status: 'connected', external_id: alice.did, display_name: alice.handle, service_origin: pds.url });
    const [stored] = await server.sql<{ pending: unknown; sealed: string }[]>`select pending, sealed from private.social_account_credentials where account_id = ${accountId}`;
    expect(stored!.pending).toBeNull();
    expect(stored!.sealed).toMatch(/^v1\./);
    expect(stored!.sealed).not.toContain(alice.appPassword);
    // The browser's roles cannot read the credentials table at all.
    const { error: readError } = await owner.client.schema('private' as never).from('social_account_credentials').select('*');
    expect(readError).not.toBeNull();
  });

  it('says why when the PDS refuses the app password, and keeps nothing of it', async () => {
    const { data } = await owner.client.rpc('connect_social_account', {
      workspace_id: owner.organizationId, network: 'bluesky', identifier: alice.handle, service_url: pds.url, secret: 'wron-gpas-swor-dxxx',
    });
    const id = (data as { account: { id: string } }).account.id;
    await drain();
    const { data: account } = await owner.client.from('social_accounts').select('status, status_message').eq('id', id).single();
    expect(account!.status).toBe('failed');
    expect(account!.status_message).toMatch(/^Bluesky refused the handle or app password/);
    expect(await server.sql`select 1 from private.social_account_credentials where account_id = ${id}`).toHaveLength(0);
    await owner.client.from('social_accounts').delete().eq('id', id);
  });

  it('publishes a scheduled post at its moment, once, with its URL', async () => {
    const { data: post } = await owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, body: 'Our spring launch 🚀 https://example.com/spring', channels: [{ account_id: accountId }],
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await drain();
    expect(await pds.posts(alice.did)).toHaveLength(0);
    expect((await channelOf(post!.id)).status).toBe('scheduled');

    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
    await drain();
    const records = await pds.posts(alice.did);
    expect(records).toHaveLength(1);
    // The link goes out UTM-tagged (session 8: clicks in the figures), still one link facet.
    expect(records[0]!.value.text).toBe(`Our spring launch 🚀 https://example.com/spring?utm_source=bluesky&utm_medium=social&utm_campaign=social-${post!.id.replace(/-/g, '').slice(0, 8)}`);
    expect(records[0]!.value.facets).toHaveLength(1);
    const channel = await channelOf(post!.id);
    expect(channel).toMatchObject({ status: 'published', external_id: records[0]!.uri, published_url: `https://bsky.app/profile/${alice.handle}/post/${records[0]!.uri.split('/').pop()}` });

    // The same job again (a worker killed after sending, before the job was marked done): nothing more.
    const [job] = await server.sql<{ planned: string }[]>`select scheduled_at::text as planned from public.social_posts where id = ${post!.id}`;
    await server.sql`select private.enqueue_job('publish_social_post', ${server.sql.json({ workspace_id: owner.organizationId, channel_id: channel.id, planned_at: new Date(job!.planned).toISOString() })})`;
    await drain();
    expect(await pds.posts(alice.did)).toHaveLength(1);
    expect((await channelOf(post!.id)).status).toBe('published');
  });

  it('marks a channel found mid-attempt unconfirmed and sends nothing', async () => {
    const { data: post } = await owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, body: 'Sent by a worker that died', channels: [{ account_id: accountId }], scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const channel = await channelOf(post!.id);
    // A worker claimed it, and died before the PDS answered: its job is run again.
    await server.sql`update public.social_post_channels set status = 'attempting', attempted_at = now() where id = ${channel.id}`;
    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
    const [exact] = await server.sql<{ at: string }[]>`select to_jsonb(scheduled_at) #>> '{}' as at from public.social_posts where id = ${post!.id}`;
    await server.sql`select private.enqueue_job('publish_social_post', ${server.sql.json({ workspace_id: owner.organizationId, channel_id: channel.id, planned_at: exact!.at })}, now(), ${`social:${channel.id}:publish`})`;
    await drain();
    const after = await channelOf(post!.id);
    expect(after.status).toBe('unconfirmed');
    expect(after.result_message).toMatch(/may or may not be on Bluesky/);
    expect(await pds.posts(alice.did)).toHaveLength(1);
    // Nothing retries it by itself.
    await drain();
    expect((await channelOf(post!.id)).status).toBe('unconfirmed');
    expect(await pds.posts(alice.did)).toHaveLength(1);

    // A person checked and sends it again: now it is out, once.
    const { error } = await owner.client.rpc('publish_social_post_channel_again', { channel_id: channel.id });
    expect(error).toBeNull();
    await drain();
    expect((await channelOf(post!.id)).status).toBe('published');
    expect(await pds.posts(alice.did)).toHaveLength(2);
  });

  it('fails a text too long for Bluesky in plain words, sending nothing', async () => {
    const post = await publishNow('a'.repeat(301));
    const channel = await channelOf(post.id);
    expect(channel.status).toBe('failed');
    expect(channel.result_message).toBe('Not sent: Bluesky takes 300 characters as people see them (emoji count once): this is 1 too long.');
    expect(await pds.posts(alice.did)).toHaveLength(2);
  });

  it('turns the account to Reconnect when its app password is revoked, and reconnecting brings it back', async () => {
    await pds.revokeAppPassword(alice, 'Social Hub');
    const refused = await publishNow('After the password was revoked');
    const channel = await channelOf(refused.id);
    expect(channel.status).toBe('failed');
    expect(channel.result_message).toMatch(/^Bluesky refused the account’s credentials \(HTTP 401/);
    const { data: broken } = await owner.client.from('social_accounts').select('status').eq('id', accountId).single();
    expect(broken!.status).toBe('reconnect');
    // The owner is told once, in the app; a plain member (who did not connect it) is not, nor anyone else.
    const notices = async (user: SignedInUser) =>
      (await user.client.from('member_notices').select('kind, title, body').eq('organization_id', owner.organizationId)).data;
    const told = [{ kind: 'social_reconnect', title: `Reconnect ${alice.handle}`, body: expect.stringMatching(new RegExp(`^The Bluesky account ${alice.handle.replace(/\./g, '\\.')} stopped working \\(Bluesky refused the account’s credentials \\(HTTP 401.*\\)\\. Its posts are not sent until someone reconnects it in the Social Hub\\.$`)) }];
    expect(await notices(owner)).toEqual(told);
    expect(await notices(member)).toEqual([]);
    expect(await notices(outsider)).toEqual([]);

    // A post queued for a broken account is not sent, and says why.
    const waiting = await publishNow('While the account is broken');
    expect((await channelOf(waiting.id)).result_message).toBe(`Not sent: ${alice.handle} needs reconnecting (the network refused its password or token).`);

    // A wrong one first: refused, and nothing of it is kept.
    await owner.client.rpc('reconnect_social_account', { account_id: accountId, secret: 'still-wrong-pass' });
    await drain();
    const { data: refusedAgain } = await owner.client.from('social_accounts').select('status').eq('id', accountId).single();
    expect(refusedAgain!.status).toBe('reconnect');
    const [kept] = await server.sql<{ pending: unknown }[]>`select pending from private.social_account_credentials where account_id = ${accountId}`;
    expect(kept!.pending).toBeNull();
    // Another refused post and a refused reconnect attempt: still the one notice.
    expect(await notices(owner)).toEqual(told);

    const fresh = await pds.createAppPassword(alice, 'Social Hub again');
    const { error } = await owner.client.rpc('reconnect_social_account', { account_id: accountId, secret: fresh });
    expect(error).toBeNull();
    await drain();
    const { data: back } = await owner.client.from('social_accounts').select('status, status_message').eq('id', accountId).single();
    expect(back).toEqual({ status: 'connected', status_message: null });
    const published = await publishNow('Back again');
    expect((await channelOf(published.id)).status).toBe('published');
    expect((await pds.posts(alice.did)).map((record) => record.value.text)).toContain('Back again');

    // Broken again after it was back: told again.
    await pds.revokeAppPassword(alice, 'Social Hub again');
    await publishNow('After the second revocation');
    expect(await notices(owner)).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * The Social Hub's webhook channel (any other network through Zapier, Make or n8n) against a real HTTP receiver: the
 * signing secret is shown once when connecting, the post arrives once at its moment signed with it (verified by the
 * Standard Webhooks reference package), and a receiver's 4xx / 5xx is recorded as failed / unconfirmed.
 */

let server: TestServer;
let receiver: WebhookReceiver;
let owner: SignedInUser;

const drain = () => server.app.jobRunner!()!.drain();

async function connect(path: string) {
  const { data, error } = await owner.client.rpc('connect_social_account', {
    workspace_id: owner.organizationId, network: 'webhook', identifier: `n8n ${path}`, service_url: `${receiver.origin}${path}`,
  });
  expect(error).toBeNull();
  await drain();
  return data as { account: { id: string }; signing_secret: string };
}

async function postNow(accountId: string, body: string) {
  const { data: post, error } = await owner.client.rpc('save_social_post', {
    workspace_id: owner.organizationId, body, channels: [{ account_id: accountId }], scheduled_at: new Date(Date.now() + 60_000).toISOString(),
  });
  expect(error).toBeNull();
  await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
  await drain();
  const { data: channel } = await owner.client.from('social_post_channels').select('id, status, external_id, result_message').eq('post_id', post!.id).single();
  return { post: post!, channel: channel! };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.2');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('the webhook channel', () => {
  it('delivers a scheduled post once, signed with the secret shown at connecting', async () => {
    const { account, signing_secret: secret } = await connect('/social');
    expect(secret).toMatch(/^whsec_/);
    const { data: stored } = await owner.client.from('social_accounts').select('status, service_origin').eq('id', account.id).single();
    expect(stored).toEqual({ status: 'connected', service_origin: receiver.origin });
    const [credential] = await server.sql<{ sealed: string }[]>`select sealed from private.social_account_credentials where account_id = ${account.id}`;
    expect(credential!.sealed).not.toContain(secret.slice(6, 20));

    const { post, channel } = await postNow(account.id, 'New case study: the Smith & Co. relaunch');
    const sent = receiver.to('/social');
    expect(sent).toHaveLength(1);
    expect(receiver.verifies(sent[0]!, secret)).toBe(true);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ type: 'social.post', data: { post_id: post.id, channel_id: channel.id, text: 'New case study: the Smith & Co. relaunch' } });
    expect(channel).toMatchObject({ status: 'published', external_id: sent[0]!.id });

    // Its job again: no second delivery.
    await server.sql`select private.enqueue_job('publish_social_post', ${server.sql.json({ workspace_id: owner.organizationId, channel_id: channel.id, planned_at: new Date().toISOString() })})`;
    await drain();
    expect(receiver.to('/social')).toHaveLength(1);
  });

  it('sends a thread’s parts in its one payload, signed, once', async () => {
    const { account, signing_secret: secret } = await connect('/social-thread');
    const { data: post, error } = await owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, body: 'A thread, first', channels: [{ account_id: account.id, parts: ['second', 'third'] }], scheduled_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(error).toBeNull();
    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post!.id}`;
    await drain();
    const sent = receiver.to('/social-thread');
    expect(sent).toHaveLength(1);
    expect(receiver.verifies(sent[0]!, secret)).toBe(true);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ type: 'social.post', data: { post_id: post!.id, text: 'A thread, first', parts: ['second', 'third'] } });
    const { data: channel } = await owner.client.from('social_post_channels').select('status').eq('post_id', post!.id).single();
    expect(channel!.status).toBe('published');
  });

  it('records a 4xx as failed with the receiver’s answer, and a 5xx as unconfirmed, retrying neither', async () => {
    receiver.behaviours.set('/refuses', (_q, r) => r.writeHead(422).end('missing field: image'));
    receiver.behaviours.set('/breaks', (_q, r) => r.writeHead(502).end());
    const refusing = await connect('/refuses');
    const breaking = await connect('/breaks');
    const failed = await postNow(refusing.account.id, 'Refused');
    expect(failed.channel).toMatchObject({ status: 'failed', result_message: 'The webhook refused the post (HTTP 422: “missing field: image”).' });
    const unknown = await postNow(breaking.account.id, 'Unknown');
    expect(unknown.channel.status).toBe('unconfirmed');
    expect(unknown.channel.result_message).toMatch(/^The webhook answered with an error of its own \(HTTP 502\), so the post may or may not be out/);
    await drain();
    expect(receiver.to('/refuses')).toHaveLength(1);
    expect(receiver.to('/breaks')).toHaveLength(1);
  });

  it('refuses a job that names another workspace for a channel: nothing sent, the channel untouched', async () => {
    const { account } = await connect('/guarded');
    const { data: post } = await owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, body: 'Mine', channels: [{ account_id: account.id }], scheduled_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const { data: channel } = await owner.client.from('social_post_channels').select('id').eq('post_id', post!.id).single();
    const other = await signedInUser(server);
    const [exact] = await server.sql<{ at: string }[]>`select to_jsonb(scheduled_at) #>> '{}' as at from public.social_posts where id = ${post!.id}`;
    // A job naming the other workspace (the workspace is checked before anything else): it fails for good.
    await server.sql`select private.enqueue_job('publish_social_post', ${server.sql.json({ workspace_id: other.organizationId, channel_id: channel!.id, planned_at: exact!.at })}, now(), 'tenant-test')`;
    await drain();
    expect(receiver.to('/guarded')).toHaveLength(0);
    const { data: after } = await owner.client.from('social_post_channels').select('status').eq('id', channel!.id).single();
    expect(after!.status).toBe('scheduled');
    const [failed] = await server.sql<{ last_error: string }[]>`select last_error from private.failed_jobs where task = 'publish_social_post' order by id desc limit 1`;
    expect(failed!.last_error).toMatch(/does not belong to workspace/);
  });

  it('refuses changes to a post already published, leaving it as it went out', async () => {
    const { account } = await connect('/edited');
    const { post, channel } = await postNow(account.id, 'Out already');
    expect(channel.status).toBe('published');
    const { error } = await owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, post_id: post.id, body: 'Rewritten after the fact', channels: [{ account_id: account.id }], scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(error).toMatchObject({ code: 'P0001', details: 'post_sent', message: 'This post has already gone out (or is going out) on some accounts: it can no longer change.' });
    const { data: after } = await owner.client.from('social_posts').select('body, social_post_channels(status, body)').eq('id', post.id).single();
    expect(after).toEqual({ body: 'Out already', social_post_channels: [{ status: 'published', body: 'Out already' }] });
    expect(receiver.to('/edited')).toHaveLength(1);
  });

  it('makes an edit wait for a job claiming the post at that moment, then refuses it (the claim is kept)', async () => {
    const { account } = await connect('/claimed');
    const { data: post } = await owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, body: 'Claimed', channels: [{ account_id: account.id }], scheduled_at: new Date(Date.now() + 60_000).toISOString(),
    });
    // A job's claim, committed only once the edit is waiting on it.
    let release!: () => void;
    let claimed!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const claim = server.sql.begin(async (tx) => {
      await tx`update public.social_post_channels set status = 'attempting', attempted_at = now() where post_id = ${post!.id}`;
      claimed();
      await released;
    });
    await isClaimed;
    // supabase-js sends on `then`: started now, it waits on the claim's lock.
    const edit = owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, post_id: post!.id, body: 'Edited meanwhile', channels: [{ account_id: account.id }], scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    }).then((result) => result);
    try {
      await expect.poll(async () => (await server.sql<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`)[0]!.n, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      release();
      await claim;
    }
    const { error } = await edit;
    expect(error).toMatchObject({ code: 'P0001', details: 'post_sent' });
    const { data: after } = await owner.client.from('social_posts').select('body, social_post_channels(status)').eq('id', post!.id).single();
    expect(after).toEqual({ body: 'Claimed', social_post_channels: [{ status: 'attempting' }] });
  });

  it('refuses a webhook URL at a private address the server may not reach', async () => {
    const { error } = await owner.client.rpc('connect_social_account', {
      workspace_id: owner.organizationId, network: 'webhook', identifier: 'metadata', service_url: 'http://169.254.169.254/latest/meta-data/',
    });
    expect(error).toMatchObject({ code: 'P0001', details: 'url_private_address' });
  });
});

import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Approval of social posts (issue 30, point 4) through the real server and supabase-js: a workspace that requires
 * approval holds scheduled posts until an admin approves in the app or a signed-out reviewer approves through the
 * post's link; the publishing job never sends an unapproved post (to a real webhook receiver); a link approves one
 * post only, expires, is single-use, and says nothing else of the workspace; editing an approved post asks again.
 */

let server: TestServer;
let receiver: WebhookReceiver;
let owner: SignedInUser;
let admin: SignedInUser;
let member: SignedInUser;
let viewer: SignedInUser;
let outsider: SignedInUser;
let accountId: string;

const drain = () => server.app.jobRunner!()!.drain();
const anon = () => createClient<Database>(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

async function schedule(body: string, by: SignedInUser = member) {
  const { data, error } = await by.client.rpc('save_social_post', { workspace_id: owner.organizationId, body, channels: [{ account_id: accountId }], scheduled_at: inAMinute() });
  expect(error).toBeNull();
  return data!;
}

async function state(postId: string) {
  const [row] = await server.sql<{ approval_status: string | null; approval_comment: string | null; approval_reviewer: string | null; status: string }[]>`
    select p.approval_status, p.approval_comment, p.approval_reviewer, c.status
    from public.social_posts p join public.social_post_channels c on c.post_id = p.id where p.id = ${postId}`;
  return row!;
}

async function share(postId: string, by: SignedInUser = admin) {
  const { data, error } = await by.client.rpc('share_social_post_for_approval', { post_id: postId });
  expect(error).toBeNull();
  return data![0]!.token;
}

/** The post's moment passes and the worker runs its due jobs. */
async function makeDueAndRun(postId: string) {
  await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${postId}`;
  await drain();
}

async function join(role: string) {
  const user = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${user.id}, ${role})`;
  return user;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.2');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
  [admin, member, viewer] = [await join('admin'), await join('member'), await join('viewer')];
  outsider = await signedInUser(server);
  const { data, error } = await owner.client.rpc('connect_social_account', { workspace_id: owner.organizationId, network: 'webhook', identifier: 'n8n', service_url: `${receiver.origin}/approval` });
  expect(error).toBeNull();
  accountId = (data as { account: { id: string } }).account.id;
  await drain();
  const { error: settingError } = await admin.client.rpc('set_social_posts_need_approval', { workspace_id: owner.organizationId, required: true });
  expect(settingError).toBeNull();
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('the workspace setting', () => {
  it('is changed by admins and owners only', async () => {
    for (const user of [member, viewer]) {
      const { error } = await user.client.rpc('set_social_posts_need_approval', { workspace_id: owner.organizationId, required: false });
      expect(error).toMatchObject({ code: '42501', details: 'role_too_low' });
    }
    const { error } = await outsider.client.rpc('set_social_posts_need_approval', { workspace_id: owner.organizationId, required: false });
    expect(error).toMatchObject({ code: '42501', details: 'not_a_member' });
    const { error: anonError } = await anon().rpc('set_social_posts_need_approval', { workspace_id: owner.organizationId, required: false });
    expect(anonError).toMatchObject({ code: '42501' });
    const [org] = await server.sql<{ on: boolean }[]>`select social_posts_need_approval as on from public.organizations where id = ${owner.organizationId}`;
    expect(org!.on).toBe(true);
  });
});

describe('a post awaiting approval', () => {
  it('is not published when due, whatever job runs, and cannot be forced to scheduled', async () => {
    const post = await schedule('Unapproved launch');
    expect(await state(post.id)).toMatchObject({ approval_status: 'awaiting', status: 'awaiting_approval' });
    await makeDueAndRun(post.id);
    // A publishing job for the channel anyway (as one queued before approval was required): nothing goes out.
    const [channel] = await server.sql<{ id: string; at: string }[]>`
      select c.id, to_jsonb(p.scheduled_at) #>> '{}' as at from public.social_post_channels c join public.social_posts p on p.id = c.post_id where p.id = ${post.id}`;
    await server.sql`select private.enqueue_job('publish_social_post', ${server.sql.json({ workspace_id: owner.organizationId, channel_id: channel!.id, planned_at: channel!.at })})`;
    await drain();
    expect(receiver.to('/approval')).toHaveLength(0);
    expect(await state(post.id)).toMatchObject({ approval_status: 'awaiting', status: 'awaiting_approval' });
    await expect(server.sql`update public.social_post_channels set status = 'scheduled' where id = ${channel!.id}`).rejects.toThrow(/not approved/);
  });

  it('is approved by an admin in the app, then published once at its moment', async () => {
    const post = await schedule('Approved in the app');
    const { data, error } = await admin.client.rpc('review_social_post', { post_id: post.id, decision: 'approve' });
    expect(error).toBeNull();
    expect(data!.approval_status).toBe('approved');
    expect(await state(post.id)).toMatchObject({ approval_status: 'approved', status: 'scheduled' });
    await makeDueAndRun(post.id);
    expect(receiver.to('/approval').map((request) => JSON.parse(request.body).data.text)).toEqual(['Approved in the app']);
    expect((await state(post.id)).status).toBe('published');
  });

  it('gets a request for changes with a comment (required), back to draft', async () => {
    const post = await schedule('Needs work');
    const { error: noComment } = await owner.client.rpc('review_social_post', { post_id: post.id, decision: 'request_changes', comment: '  ' });
    expect(noComment).toMatchObject({ code: 'P0001', details: 'comment_required' });
    const { error } = await owner.client.rpc('review_social_post', { post_id: post.id, decision: 'request_changes', comment: 'Use the new logo' });
    expect(error).toBeNull();
    expect(await state(post.id)).toMatchObject({ approval_status: 'changes_requested', approval_comment: 'Use the new logo', status: 'draft' });
  });

  it('cannot be approved by a member, a viewer, another workspace or anyone signed out', async () => {
    const post = await schedule('Not yours to approve');
    for (const user of [member, viewer]) {
      const { error } = await user.client.rpc('review_social_post', { post_id: post.id, decision: 'approve' });
      expect(error).toMatchObject({ code: '42501', details: 'role_too_low' });
      const { error: shareError } = await user.client.rpc('share_social_post_for_approval', { post_id: post.id });
      expect(shareError).toMatchObject({ code: '42501', details: 'role_too_low' });
    }
    const { error: foreign } = await outsider.client.rpc('review_social_post', { post_id: post.id, decision: 'approve' });
    expect(foreign).toMatchObject({ code: 'P0001', details: 'unknown_post' });
    const { error: foreignShare } = await outsider.client.rpc('share_social_post_for_approval', { post_id: post.id });
    expect(foreignShare).toMatchObject({ code: 'P0001', details: 'unknown_post' });
    const { error: signedOut } = await anon().rpc('review_social_post', { post_id: post.id, decision: 'approve' });
    expect(signedOut).toMatchObject({ code: '42501' });
    expect(await state(post.id)).toMatchObject({ approval_status: 'awaiting', status: 'awaiting_approval' });
  });

  it('goes back to awaiting approval when its approved content changes (not when only its moment does)', async () => {
    const post = await schedule('First text');
    await admin.client.rpc('review_social_post', { post_id: post.id, decision: 'approve' });
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const { error: moved } = await member.client.rpc('save_social_post', { workspace_id: owner.organizationId, post_id: post.id, body: 'First text', channels: [{ account_id: accountId }], scheduled_at: later });
    expect(moved).toBeNull();
    expect(await state(post.id)).toMatchObject({ approval_status: 'approved', status: 'scheduled' });
    const { error } = await member.client.rpc('save_social_post', { workspace_id: owner.organizationId, post_id: post.id, body: 'Second text', channels: [{ account_id: accountId }], scheduled_at: later });
    expect(error).toBeNull();
    expect(await state(post.id)).toMatchObject({ approval_status: 'awaiting', status: 'awaiting_approval' });
    await makeDueAndRun(post.id);
    expect(receiver.to('/approval').filter((request) => JSON.parse(request.body).data.text === 'Second text')).toHaveLength(0);
  });
});

describe('the approval link', () => {
  it('lets a signed-out reviewer see the post’s versions only and approve it, once', async () => {
    const post = await schedule('Client, please approve');
    const token = await share(post.id);
    const { data, error } = await anon().rpc('get_social_approval', { token });
    expect(error).toBeNull();
    expect(data).toEqual([{ status: 'pending', scheduled_at: expect.any(String), expires_at: expect.any(String), variants: [{ network: 'webhook', account: 'n8n', body: 'Client, please approve' }] }]);
    const [stored] = await server.sql<{ n: number }[]>`select count(*)::int as n from private.social_approval_tokens where token_hash = sha256(convert_to(${token}, 'UTF8'))`;
    expect(stored!.n).toBe(1);
    const { data: decided, error: decideError } = await anon().rpc('decide_social_approval', { token, decision: 'approve', reviewer_name: 'Pat (client)' });
    expect(decideError).toBeNull();
    expect(decided).toBe('approved');
    expect(await state(post.id)).toMatchObject({ approval_status: 'approved', approval_reviewer: 'Pat (client)', status: 'scheduled' });
    const { error: again } = await anon().rpc('decide_social_approval', { token, decision: 'request_changes', comment: 'Second thoughts' });
    expect(again).toMatchObject({ code: 'P0001', details: 'approval_link_used', message: 'This approval link has already been used.' });
    const { data: after } = await anon().rpc('get_social_approval', { token });
    expect(after).toEqual([{ status: 'used', scheduled_at: null, expires_at: null, variants: null }]);
  });

  it('takes a request for changes with a comment', async () => {
    const post = await schedule('Client, have a look');
    const token = await share(post.id);
    const { error: noComment } = await anon().rpc('decide_social_approval', { token, decision: 'request_changes' });
    expect(noComment).toMatchObject({ code: 'P0001', details: 'comment_required' });
    const { data } = await anon().rpc('decide_social_approval', { token, decision: 'request_changes', comment: 'Shorter, please' });
    expect(data).toBe('changes_requested');
    expect(await state(post.id)).toMatchObject({ approval_status: 'changes_requested', approval_comment: 'Shorter, please', status: 'draft' });
  });

  it('refuses a wrong, expired, replaced or outdated token with a clear error', async () => {
    const { error: wrong } = await anon().rpc('decide_social_approval', { token: 'x'.repeat(43), decision: 'approve' });
    expect(wrong).toMatchObject({ code: 'P0001', details: 'approval_link_invalid', message: 'This approval link is not valid.' });
    const { data: unknown } = await anon().rpc('get_social_approval', { token: 'x'.repeat(43) });
    expect(unknown).toEqual([{ status: 'invalid', scheduled_at: null, expires_at: null, variants: null }]);

    const expiring = await schedule('Expiring');
    const expired = await share(expiring.id);
    await server.sql`update public.social_approval_links set expires_at = now() - interval '1 second' where post_id = ${expiring.id}`;
    const { error: late } = await anon().rpc('decide_social_approval', { token: expired, decision: 'approve' });
    expect(late).toMatchObject({ code: 'P0001', details: 'approval_link_expired', message: 'This approval link has expired.' });

    const replaced = await share(expiring.id);
    const newer = await share(expiring.id);
    const { error: old } = await anon().rpc('decide_social_approval', { token: replaced, decision: 'approve' });
    expect(old).toMatchObject({ details: 'approval_link_revoked' });

    await member.client.rpc('save_social_post', { workspace_id: owner.organizationId, post_id: expiring.id, body: 'Edited after sharing', channels: [{ account_id: accountId }], scheduled_at: inAMinute() });
    const { error: changed } = await anon().rpc('decide_social_approval', { token: newer, decision: 'approve' });
    expect(changed).toMatchObject({ details: 'approval_link_changed', message: 'The post has changed since this link was made: ask for a new link.' });
    expect((await state(expiring.id)).approval_status).toBe('awaiting');
  });

  it('of post A cannot touch post B or read anything else of the workspace', async () => {
    const a = await schedule('Post A');
    const b = await schedule('Post B (secret)');
    const tokenA = await share(a.id);
    const { data } = await anon().rpc('get_social_approval', { token: tokenA });
    expect(JSON.stringify(data)).not.toContain('Post B');
    expect(JSON.stringify(data)).not.toContain(owner.organizationId);
    expect(Object.keys(data![0]!).sort()).toEqual(['expires_at', 'scheduled_at', 'status', 'variants']);
    // The decision goes to A alone; B still waits.
    await anon().rpc('decide_social_approval', { token: tokenA, decision: 'approve' });
    expect((await state(a.id)).approval_status).toBe('approved');
    expect((await state(b.id)).approval_status).toBe('awaiting');
    // Signed out, the tables stay closed.
    for (const table of ['social_posts', 'social_post_channels', 'social_approval_links', 'social_accounts'] as const) {
      const { error } = await anon().from(table).select('id').limit(1);
      expect(error).toMatchObject({ code: '42501' });
    }
    const { error: shareSignedOut } = await anon().rpc('share_social_post_for_approval', { post_id: b.id });
    expect(shareSignedOut).toMatchObject({ code: '42501' });
  });
});

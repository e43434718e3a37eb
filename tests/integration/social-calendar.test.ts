import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * The Social Hub's calendar and queue (issue 30, point 3) through the real server and supabase-js: an account's
 * posting slots (members write, viewers read, other workspaces and anonymous callers neither), and
 * reschedule_social_post — the publishing job follows the new moment (a real webhook receiver gets the post once, at
 * the new moment, not the old), refused for a post sent, a draft, the past, a viewer, another workspace; approval as
 * save_social_post decides it for an unchanged post.
 */

let server: TestServer;
let receiver: WebhookReceiver;
let owner: SignedInUser;
let member: SignedInUser;
let viewer: SignedInUser;
let outsider: SignedInUser;
let accountId: string;

const drain = () => server.app.jobRunner!()!.drain();
const anon = () => createClient<Database>(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function join(role: string) {
  const user = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${user.id}, ${role})`;
  return user;
}

async function schedule(body: string, at: string) {
  const { data, error } = await member.client.rpc('save_social_post', { workspace_id: owner.organizationId, body, channels: [{ account_id: accountId }], scheduled_at: at });
  expect(error).toBeNull();
  return data!;
}

async function jobRunAt(postId: string): Promise<string | null> {
  const rows = await server.sql<{ run_at: Date }[]>`
    select j.run_at from graphile_worker.jobs j join public.social_post_channels c on j.key = 'social:' || c.id || ':publish' where c.post_id = ${postId}`;
  return rows[0]?.run_at.toISOString() ?? null;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.2');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
  [member, viewer] = [await join('member'), await join('viewer')];
  outsider = await signedInUser(server);
  const { data, error } = await owner.client.rpc('connect_social_account', { workspace_id: owner.organizationId, network: 'webhook', identifier: 'n8n', service_url: `${receiver.origin}/calendar` });
  expect(error).toBeNull();
  accountId = (data as { account: { id: string } }).account.id;
  await drain();
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('posting slots', () => {
  it('members add and remove an account’s slots; everyone in the workspace reads them', async () => {
    const { data, error } = await member.client.from('social_account_slots')
      .insert([{ organization_id: owner.organizationId, account_id: accountId, weekday: 1, local_time: '09:00' }, { organization_id: owner.organizationId, account_id: accountId, weekday: 1, local_time: '17:00' }])
      .select('id, weekday, local_time');
    expect(error).toBeNull();
    expect(data!.map((slot) => slot.local_time)).toEqual(['09:00:00', '17:00:00']);
    const { data: read } = await viewer.client.from('social_account_slots').select('weekday, local_time').eq('account_id', accountId).order('local_time');
    expect(read).toEqual([{ weekday: 1, local_time: '09:00:00' }, { weekday: 1, local_time: '17:00:00' }]);
    const { data: removed, error: removeError } = await owner.client.from('social_account_slots').delete().eq('id', data![1]!.id).select('id');
    expect(removeError).toBeNull();
    expect(removed).toHaveLength(1);
  });

  it('refuses the same slot twice, a weekday 0 and a time with seconds, each with its constraint', async () => {
    const add = (weekday: number, local_time: string) => member.client.from('social_account_slots').insert({ organization_id: owner.organizationId, account_id: accountId, weekday, local_time });
    expect((await add(1, '09:00')).error?.code).toBe('23505');
    expect((await add(0, '10:00')).error?.message).toContain('social_account_slots_weekday_check');
    expect((await add(2, '10:00:30')).error?.message).toContain('social_account_slots_whole_minute');
  });

  it('from the attacker’s side: a viewer cannot add or remove, another workspace neither reads nor writes, anonymous callers are refused', async () => {
    const slot = { organization_id: owner.organizationId, account_id: accountId, weekday: 3, local_time: '12:00' };
    expect((await viewer.client.from('social_account_slots').insert(slot)).error?.code).toBe('42501');
    expect((await viewer.client.from('social_account_slots').delete().eq('account_id', accountId).select('id')).data).toEqual([]);
    expect((await outsider.client.from('social_account_slots').insert(slot)).error?.code).toBe('42501');
    // Their own workspace with our account: the composite key refuses it.
    expect((await outsider.client.from('social_account_slots').insert({ ...slot, organization_id: outsider.organizationId })).error?.code).toBe('23503');
    expect((await outsider.client.from('social_account_slots').select('id').eq('account_id', accountId)).data).toEqual([]);
    expect((await outsider.client.from('social_account_slots').delete().eq('account_id', accountId).select('id')).data).toEqual([]);
    expect((await anon().from('social_account_slots').select('id')).error?.code).toBe('42501');
    const [count] = await server.sql<{ count: number }[]>`select count(*)::int as count from public.social_account_slots where account_id = ${accountId}`;
    expect(count!.count).toBe(1);
  });
});

describe('reschedule_social_post', () => {
  it('moves the post and its publishing job; it goes out at the new moment, once, not at the old one', async () => {
    const post = await schedule('Moved on the calendar', inHours(1));
    const later = inHours(26);
    const { data, error } = await member.client.rpc('reschedule_social_post', { post_id: post.id, scheduled_at: later });
    expect(error).toBeNull();
    expect(new Date(data!.scheduled_at!).toISOString()).toBe(later);
    expect(await jobRunAt(post.id)).toBe(later);
    await drain();
    expect(receiver.to('/calendar')).toHaveLength(0);
    // The new moment comes (the clock moved through the database, the job with it): out once.
    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${post.id}`;
    await drain();
    expect(receiver.to('/calendar').map((request) => JSON.parse(request.body).data.text)).toEqual(['Moved on the calendar']);
  });

  it('refuses a post already sent, a draft, a moment in the past, a viewer, another workspace and anonymous callers', async () => {
    const [sent] = await server.sql<{ post_id: string }[]>`select post_id from public.social_post_channels where status = 'published' limit 1`;
    const call = (user: SignedInUser | null, postId: string, at: string) =>
      (user ? user.client : anon()).rpc('reschedule_social_post', { post_id: postId, scheduled_at: at });
    expect((await call(member, sent!.post_id, inHours(2))).error?.details).toBe('post_sent');

    const { data: draft } = await member.client.rpc('save_social_post', { workspace_id: owner.organizationId, body: 'A draft', channels: [{ account_id: accountId }] });
    expect((await call(member, draft!.id, inHours(2))).error?.details).toBe('not_scheduled');

    const post = await schedule('Stays put', inHours(3));
    const before = await jobRunAt(post.id);
    expect((await call(member, post.id, new Date(Date.now() - 3_600_000).toISOString())).error?.details).toBe('schedule_in_past');
    expect((await call(viewer, post.id, inHours(5))).error?.details).toBe('role_too_low');
    expect((await call(outsider, post.id, inHours(5))).error?.details).toBe('unknown_post');
    expect((await call(null, post.id, inHours(5))).error?.code).toBe('42501');
    expect(await jobRunAt(post.id)).toBe(before);
  });

  it('approval: an approved post keeps its approval and its job moves; in a workspace that now requires approval, a post with none asked waits', async () => {
    const approved = await schedule('Approved before', inHours(4));
    const unasked = await schedule('Never asked', inHours(4));
    await server.sql`update public.organizations set social_posts_need_approval = true where id = ${owner.organizationId}`;
    await server.sql`update public.social_posts set approval_status = 'approved' where id = ${approved.id}`;
    const later = inHours(30);
    expect((await member.client.rpc('reschedule_social_post', { post_id: approved.id, scheduled_at: later })).data?.approval_status).toBe('approved');
    expect(await jobRunAt(approved.id)).toBe(later);

    const { data } = await member.client.rpc('reschedule_social_post', { post_id: unasked.id, scheduled_at: later });
    expect(data?.approval_status).toBe('awaiting');
    const [channel] = await server.sql<{ status: string }[]>`select status from public.social_post_channels where post_id = ${unasked.id}`;
    expect(channel!.status).toBe('awaiting_approval');
    expect(await jobRunAt(unasked.id)).toBeNull();
    await server.sql`update public.organizations set social_posts_need_approval = false where id = ${owner.organizationId}`;
  });
});

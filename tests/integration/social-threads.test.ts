import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, type OutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { publishChannel } from '../../server/src/modules/social/publish-channel';
import { createKeyring, newTokenKey } from '../../server/src/modules/social/token-seal';
import type { Json } from '../../src/types/database';
import { startLocalPds, type LocalPds, type PdsAccount } from '../support/local-pds';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Threads (issue 30 point 5) on a real PDS: a version with follow-up parts goes out as a reply chain (each reply's
 * `reply` refs: uri + cid of the first post and of the one before), every part exactly once; a worker that dies
 * between part 2 and part 3 leaves the channel unconfirmed (never retried by itself), and when a person sends it again
 * only part 3 goes out. save_social_post checks the parts; viewers and other workspaces cannot write them.
 */

const KEY = newTokenKey();
let pds: LocalPds;
let server: TestServer;
let owner: SignedInUser;
let viewer: SignedInUser;
let outsider: SignedInUser;
let bob: PdsAccount;
let accountId: string;

const drain = () => server.app.jobRunner!()!.drain();

interface PdsPost { uri: string; cid?: string; value: { text: string; reply?: { root: { uri: string; cid: string }; parent: { uri: string; cid: string } } } }
const posts = async () => (await pds.posts(bob.did)) as unknown as PdsPost[];

async function schedule(parts: string[], body = 'A thread about spring 🧵') {
  const { data: post, error } = await owner.client.rpc('save_social_post', {
    workspace_id: owner.organizationId, body, channels: [{ account_id: accountId, parts }], scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  expect(error).toBeNull();
  const [channel] = await server.sql<{ id: string }[]>`select id from public.social_post_channels where post_id = ${post!.id}`;
  return { postId: post!.id, channelId: channel!.id };
}

async function channelRow(channelId: string) {
  const { data } = await owner.client.from('social_post_channels').select('status, parts, external_id, result_message').eq('id', channelId).single();
  return data!;
}

beforeAll(async () => {
  pds = await startLocalPds();
  bob = await pds.createAccount('bob');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: 'true', SOCIAL_TOKEN_KEYS: KEY });
  owner = await signedInUser(server);
  viewer = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${viewer.id}, 'viewer')`;
  outsider = await signedInUser(server);
  const { data } = await owner.client.rpc('connect_social_account', {
    workspace_id: owner.organizationId, network: 'bluesky', identifier: bob.handle, service_url: pds.url, secret: bob.appPassword,
  });
  accountId = (data as { account: { id: string } }).account.id;
  await drain();
});

afterAll(async () => {
  await server?.close();
  await pds?.close();
});

describe('threads on a real PDS', () => {
  it('publishes a thread of 3 as a reply chain, each part once', async () => {
    const { postId, channelId } = await schedule(['Part two: the plan', 'Part three: the date']);
    expect((await channelRow(channelId)).parts).toEqual(['Part two: the plan', 'Part three: the date']);
    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${postId}`;
    await drain();

    const records = await posts();
    expect(records.map((record) => record.value.text).sort()).toEqual(['A thread about spring 🧵', 'Part three: the date', 'Part two: the plan']);
    const byText = new Map(records.map((record) => [record.value.text, record]));
    const root = byText.get('A thread about spring 🧵')!;
    const two = byText.get('Part two: the plan')!;
    const three = byText.get('Part three: the date')!;
    expect(root.value.reply).toBeUndefined();
    expect(two.value.reply).toEqual({ root: { uri: root.uri, cid: root.cid }, parent: { uri: root.uri, cid: root.cid } });
    expect(three.value.reply).toEqual({ root: { uri: root.uri, cid: root.cid }, parent: { uri: two.uri, cid: two.cid } });
    expect(await channelRow(channelId)).toMatchObject({ status: 'published', external_id: root.uri, result_message: 'A thread of 3 posts.' });

    // The job once more (a worker killed after sending, before the job was done): nothing more.
    const [planned] = await server.sql<{ at: string }[]>`select to_jsonb(scheduled_at) #>> '{}' as at from public.social_posts where id = ${postId}`;
    await server.sql`select private.enqueue_job('publish_social_post', ${server.sql.json({ workspace_id: owner.organizationId, channel_id: channelId, planned_at: planned!.at })})`;
    await drain();
    expect(await posts()).toHaveLength(3);
  });

  it('a worker dying between part 2 and part 3: unconfirmed, and sent again only part 3 goes out', async () => {
    const before = (await posts()).length;
    const { postId, channelId } = await schedule(['Second of three', 'Third of three'], 'First of three');
    // The job queued for the moment is taken out in the same transaction (no runner sees it): this "worker" runs it
    // itself and dies at its third createRecord.
    await server.sql.begin(async (tx) => {
      await tx`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${postId}`;
      await tx`select private.cancel_job(${`social:${channelId}:publish`})`;
    });
    const [planned] = await server.sql<{ at: string }[]>`select to_jsonb(scheduled_at) #>> '{}' as at from public.social_posts where id = ${postId}`;
    const real = createOutboundClient({ policy: { allowPrivate: 'all', allowPorts: 'any' } });
    let records = 0;
    let died!: () => void;
    const dead = new Promise<void>((resolve) => (died = resolve));
    const dying: OutboundClient = {
      ...real,
      request: (options) => {
        if (options.url.includes('com.atproto.repo.createRecord') && ++records === 3) {
          died();
          return new Promise(() => {}); // the process is gone: no answer ever comes, the request never left
        }
        return real.request(options);
      },
    };
    const run = publishChannel({ sql: server.sql, outbound: dying, keyring: createKeyring([KEY]), workspaceId: owner.organizationId, channelId, plannedAt: planned!.at });
    // The run never ends (its worker is gone); it must not end otherwise either.
    expect(await Promise.race([dead.then(() => 'died'), run.then((result) => `ended: ${JSON.stringify(result)}`)])).toBe('died');
    expect((await posts()).length).toBe(before + 2);
    expect((await channelRow(channelId)).status).toBe('attempting');

    // The runner's job comes back after the crash: the channel is marked unconfirmed and nothing is sent.
    await server.sql`select private.enqueue_job('publish_social_post', ${server.sql.json({ workspace_id: owner.organizationId, channel_id: channelId, planned_at: planned!.at })}, now(), ${`social:${channelId}:publish`})`;
    await drain();
    expect((await channelRow(channelId)).status).toBe('unconfirmed');
    expect((await posts()).length).toBe(before + 2);
    await drain();
    expect((await posts()).length).toBe(before + 2);

    // A person checked: parts 1–2 are out, part 3 is not. Sent again, only part 3 goes, answering part 2.
    const { error } = await owner.client.rpc('publish_social_post_channel_again', { channel_id: channelId });
    expect(error).toBeNull();
    await drain();
    const all = await posts();
    expect(all).toHaveLength(before + 3);
    for (const text of ['First of three', 'Second of three', 'Third of three']) expect(all.filter((record) => record.value.text === text)).toHaveLength(1);
    const second = all.find((record) => record.value.text === 'Second of three')!;
    const first = all.find((record) => record.value.text === 'First of three')!;
    expect(all.find((record) => record.value.text === 'Third of three')!.value.reply).toEqual({ root: { uri: first.uri, cid: first.cid }, parent: { uri: second.uri, cid: second.cid } });
    expect((await channelRow(channelId)).status).toBe('published');
  });

  it('checks each part against the network’s rules before sending anything', async () => {
    const before = (await posts()).length;
    const { postId, channelId } = await schedule(['fine', 'a'.repeat(301)], 'Opening');
    await server.sql`update public.social_posts set scheduled_at = now() - interval '1 second' where id = ${postId}`;
    await drain();
    expect(await channelRow(channelId)).toMatchObject({ status: 'failed', result_message: 'Not sent: Part 3 of the thread: Bluesky takes 300 characters as people see them (emoji count once): this is 1 too long.' });
    expect(await posts()).toHaveLength(before);
  });

  it('refuses bad parts in save_social_post with a clear error', async () => {
    const save = (parts: Json) => owner.client.rpc('save_social_post', { workspace_id: owner.organizationId, body: 'x', channels: [{ account_id: accountId, parts }] });
    expect((await save('not a list')).error).toMatchObject({ details: 'parts_invalid' });
    expect((await save([1])).error).toMatchObject({ details: 'parts_invalid' });
    expect((await save(['  '])).error).toMatchObject({ details: 'part_empty' });
    expect((await save(['a'.repeat(5001)])).error).toMatchObject({ details: 'part_too_long' });
    expect((await save(Array.from({ length: 10 }, (_, i) => `p${i}`))).error).toMatchObject({ details: 'parts_too_many' });
  });

  it('changing the parts of an approved post sends it back for approval', async () => {
    const { postId } = await schedule(['one']);
    await server.sql`update public.social_posts set approval_status = 'approved' where id = ${postId}`;
    const { data, error } = await owner.client.rpc('save_social_post', {
      workspace_id: owner.organizationId, body: 'A thread about spring 🧵', post_id: postId, channels: [{ account_id: accountId, parts: ['one, changed'] }], scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(error).toBeNull();
    expect(data!.approval_status).toBe('awaiting');
  });

  it('an edit that leaves `parts` out keeps the thread; an empty list removes it', async () => {
    const { postId, channelId } = await schedule(['kept part']);
    const edit = (channel: Record<string, unknown>) => owner.client.rpc('save_social_post', { workspace_id: owner.organizationId, body: 'Edited', post_id: postId, channels: [{ account_id: accountId, ...channel }] as Json });
    expect((await edit({})).error).toBeNull();
    expect((await channelRow(channelId)).parts).toEqual(['kept part']);
    expect((await edit({ parts: [] })).error).toBeNull();
    expect((await channelRow(channelId)).parts).toEqual([]);
  });

  it('the attacker’s side: a viewer, another workspace and a signed-out caller write no parts; nobody reads the send log', async () => {
    const { postId, channelId } = await schedule(['kept']);
    const edit = { workspace_id: owner.organizationId, body: 'x', post_id: postId, channels: [{ account_id: accountId, parts: ['taken over'] }] };
    expect((await viewer.client.rpc('save_social_post', edit)).error).toMatchObject({ details: 'role_too_low' });
    expect((await outsider.client.rpc('save_social_post', edit)).error).not.toBeNull();
    expect((await outsider.client.rpc('save_social_post', { ...edit, workspace_id: outsider.organizationId })).error).toMatchObject({ details: 'unknown_post' });
    expect((await viewer.client.from('social_post_channels').update({ parts: ['direct'] }).eq('id', channelId).select()).data ?? []).toEqual([]);
    expect((await outsider.client.from('social_post_channels').select('parts').eq('id', channelId)).data).toEqual([]);
    expect((await channelRow(channelId)).parts).toEqual(['kept']);
    const { error: logError } = await owner.client.schema('private' as never).from('social_post_part_sends').select('*');
    expect(logError).not.toBeNull();
  });
});

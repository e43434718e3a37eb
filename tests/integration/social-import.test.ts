import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { suggestMapping } from '@/components/csv/csv-schema';
import { parseCsvText } from '@/components/csv/parse-csv';
import { validateRows } from '@/components/csv/validate-rows';
import { importSocialPosts } from '@/features/social/api/import-social-posts';
import { POST_CSV_FIELDS, postsCsvSchema, type ImportAccount } from '@/features/social/utils/posts-csv';
import type { Database } from '../../src/types/database';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * The Social Hub's CSV import (issue 30, point 2) through the real server and supabase-js: a file checked by the
 * wizard's own code (parse, map, postsCsvSchema) and saved by importSocialPosts — the code the dialog runs — through
 * save_social_post: lines become posts with their channels and moments, bad lines are refused with reasons (by the
 * checks, and by the database for another workspace's account), imported scheduled posts wait for approval when the
 * workspace requires it, and a viewer or an anonymous caller imports nothing.
 */

let server: TestServer;
let receiver: WebhookReceiver;
let owner: SignedInUser;
let member: SignedInUser;
let viewer: SignedInUser;
let outsider: SignedInUser;
let accounts: ImportAccount[];
let foreignAccountId: string;

const drain = () => server.app.jobRunner!()!.drain();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const utcMinute = (moment: Date) => moment.toISOString().slice(0, 16).replace('T', ' ');

async function connect(user: SignedInUser, name: string): Promise<string> {
  const { data, error } = await user.client.rpc('connect_social_account', { workspace_id: user.organizationId, network: 'webhook', identifier: name, service_url: `${receiver.origin}/${name}` });
  expect(error).toBeNull();
  return (data as { account: { id: string } }).account.id;
}

async function postsOf(organizationId: string) {
  return server.sql<{ body: string; scheduled_at: Date | null; approval_status: string | null; channels: { account_id: string; body: string; status: string }[] }[]>`
    select p.body, p.scheduled_at, p.approval_status,
      (select json_agg(json_build_object('account_id', c.account_id, 'body', c.body, 'status', c.status) order by c.created_at, c.id) from public.social_post_channels c where c.post_id = p.id) as channels
    from public.social_posts p where p.organization_id = ${organizationId} order by p.created_at, p.id`;
}

async function checkFile(text: string) {
  const parsed = parseCsvText(text, 'utf-8');
  if (!parsed.ok) throw new Error('the file did not parse');
  const schema = postsCsvSchema(accounts, 'UTC', new Date());
  return validateRows(parsed.csv, suggestMapping(parsed.csv.headers, POST_CSV_FIELDS), schema);
}

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.2');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
  for (const role of ['member', 'viewer'] as const) {
    const user = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${user.id}, ${role})`;
    if (role === 'member') member = user;
    else viewer = user;
  }
  outsider = await signedInUser(server);
  await connect(owner, 'n8n');
  await connect(owner, 'zapier');
  foreignAccountId = await connect(outsider, 'theirs');
  await drain();
  const { data, error } = await member.client.from('social_accounts').select('id, network, display_name, status').eq('organization_id', owner.organizationId);
  expect(error).toBeNull();
  accounts = data!;
  expect(accounts.map((account) => account.status)).toEqual(['connected', 'connected']);
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

afterEach(async () => {
  await server.sql`delete from public.social_posts where organization_id = ${owner.organizationId}`;
});

describe('import of posts from a CSV file', () => {
  it('valid lines become posts (channels, per-network text, moments, drafts); lines with problems are listed and never sent', async () => {
    const at = inDays(2);
    const file = [
      'Text,Accounts,Scheduled time,Webhook text',
      `Launch day,"n8n, zapier",${utcMinute(at)},`,
      'A draft,zapier,,Own webhook words',
      `Nobody,someone.else,${utcMinute(at)},`,
      'Too late,n8n,2020-01-01 09:00,',
    ].join('\n');
    const validation = await checkFile(file);
    expect(validation.errors).toEqual([
      { line: 4, messages: ['Accounts: "someone.else" is not an account connected to this workspace.'] },
      { line: 5, messages: ['Scheduled time: 2020-01-01 09:00 (UTC) has passed: choose a time in the future.'] },
    ]);
    const result = await importSocialPosts(member.client, owner.organizationId, validation.valid.map((row) => row.value), validation.valid.map((row) => row.line));
    expect(result).toMatchObject({ added: 2, refused: [] });
    const byName = (name: string) => accounts.find((account) => account.display_name === name)!.id;
    const posts = await postsOf(owner.organizationId);
    expect(posts).toHaveLength(2);
    expect(posts[0]).toMatchObject({ body: 'Launch day', approval_status: null });
    expect(posts[0]!.scheduled_at?.toISOString()).toBe(`${at.toISOString().slice(0, 16)}:00.000Z`);
    // Both channels were written in one statement's moment: their order is not the file's.
    expect(posts[0]!.channels).toHaveLength(2);
    expect(posts[0]!.channels).toEqual(expect.arrayContaining([
      { account_id: byName('n8n'), body: 'Launch day', status: 'scheduled' },
      { account_id: byName('zapier'), body: 'Launch day', status: 'scheduled' },
    ]));
    expect(posts[1]).toMatchObject({ body: 'A draft', scheduled_at: null, channels: [{ account_id: byName('zapier'), body: 'Own webhook words', status: 'draft' }] });
  });

  it('the database refuses a line with its reason — another workspace’s account, a moment in the past — and saves the others', async () => {
    const rows = [
      { body: 'Mine', channels: [{ account_id: accounts[0]!.id, body: 'Mine' }], scheduledAt: inDays(1).toISOString() },
      { body: 'Theirs', channels: [{ account_id: foreignAccountId, body: 'Theirs' }], scheduledAt: inDays(1).toISOString() },
      { body: 'Past', channels: [{ account_id: accounts[0]!.id, body: 'Past' }], scheduledAt: '2020-01-01T00:00:00Z' },
    ];
    const result = await importSocialPosts(member.client, owner.organizationId, rows, [2, 3, 4]);
    expect(result).toEqual({
      added: 1,
      updated: 0,
      unchanged: 0,
      refused: [
        { line: 3, reason: 'One of the chosen accounts is not connected to this workspace.' },
        { line: 4, reason: 'This moment has passed: choose a time in the future.' },
      ],
    });
    expect((await postsOf(owner.organizationId)).map((post) => post.body)).toEqual(['Mine']);
    expect(await postsOf(outsider.organizationId)).toEqual([]);
  });

  it('in a workspace that requires approval, imported scheduled posts wait for it (drafts do not ask)', async () => {
    const { error } = await owner.client.rpc('set_social_posts_need_approval', { workspace_id: owner.organizationId, required: true });
    expect(error).toBeNull();
    const validation = await checkFile(`Text,Accounts,Scheduled\nWaits,n8n,${utcMinute(inDays(3))}\nDraft,n8n,\n`);
    const result = await importSocialPosts(member.client, owner.organizationId, validation.valid.map((row) => row.value), validation.valid.map((row) => row.line));
    expect(result.added).toBe(2);
    const posts = await postsOf(owner.organizationId);
    expect(posts.map((post) => [post.body, post.approval_status, post.channels[0]!.status])).toEqual([
      ['Waits', 'awaiting', 'awaiting_approval'],
      ['Draft', null, 'draft'],
    ]);
    await owner.client.rpc('set_social_posts_need_approval', { workspace_id: owner.organizationId, required: false });
  });

  it('from the attacker’s side: a viewer, an outsider and an anonymous caller import nothing — the import stops at the first line', async () => {
    const rows = [{ body: 'No', channels: [{ account_id: accounts[0]!.id, body: 'No' }], scheduledAt: null }];
    await expect(importSocialPosts(viewer.client, owner.organizationId, rows, [2])).rejects.toMatchObject({ code: '42501' });
    await expect(importSocialPosts(outsider.client, owner.organizationId, rows, [2])).rejects.toMatchObject({ code: '42501' });
    const anon = createClient<Database>(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    await expect(importSocialPosts(anon, owner.organizationId, rows, [2])).rejects.toThrow();
    expect(await postsOf(owner.organizationId)).toEqual([]);
    await drain();
  });
});

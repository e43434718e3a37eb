import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayMeanLostAccess, RowGoneError } from '../../src/lib/access-lost';
import { toWorkspaces } from '../../src/lib/workspace-choice';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * What the app's access check (src/lib/use-access-checked-write.ts) relies on, through the real server and supabase-js:
 * every write of a member removed from a workspace is refused in a way the app counts as "may mean lost access" (no
 * row changed, 42501, a record not seen), and reading the user's workspaces right after tells lost access apart from a
 * record that is really gone (issue 25).
 */

let server: TestServer;
let owner: SignedInUser;
let member: SignedInUser;
let itemId: string;
let campaignId: string;

/** A supabase-js write as the app's data hooks judge it: a row that changed nothing is "gone". */
async function outcome(write: PromiseLike<{ data: unknown; error: unknown }>): Promise<unknown> {
  const { data, error } = await write;
  if (error) return error;
  if (Array.isArray(data) && data.length === 0) return new RowGoneError('gone');
  return null;
}

/** The workspaces the user sees, as the app reads them (fetchWorkspaces). */
async function workspacesOf(user: SignedInUser) {
  const [memberships, organizations] = await Promise.all([
    user.client.from('organization_members').select('organization_id, role, created_at').eq('user_id', user.id),
    user.client.from('organizations').select('id, name, is_personal'),
  ]);
  return toWorkspaces(memberships.data ?? [], organizations.data ?? []);
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, member] = await Promise.all([signedInUser(server), signedInUser(server)]);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${member.id}, 'member')`;
  const item = await owner.client.from('content_items').insert({ title: 'Plan', organization_id: owner.organizationId, user_id: owner.id }).select('id').single();
  const campaign = await owner.client
    .from('campaigns')
    .insert({ title: 'Spring', type: 'advertising', organization_id: owner.organizationId, user_id: owner.id })
    .select('id')
    .single();
  itemId = item.data!.id;
  campaignId = campaign.data!.id;
});

afterAll(async () => {
  await server?.close();
});

describe('a member removed from a workspace', () => {
  it('wrote before the removal; after it, every kind of write is refused in a way that may mean lost access', async () => {
    expect(await outcome(member.client.from('content_items').update({ title: 'Plan, revised' }).eq('id', itemId).select('id'))).toBeNull();

    const removed = await owner.client.rpc('remove_member', { workspace_id: owner.organizationId, user_id: member.id });
    expect(removed.error).toBeNull();

    const refusals = {
      update: await outcome(member.client.from('content_items').update({ title: 'Too late' }).eq('id', itemId).select('id')),
      delete: await outcome(member.client.from('campaigns').delete().eq('id', campaignId).select('id')),
      insert: await outcome(member.client.from('content_items').insert({ title: 'New', organization_id: owner.organizationId, user_id: member.id })),
      results: await outcome(
        member.client.rpc('import_campaign_results', {
          campaign_id: campaignId,
          results: [{ day: '2026-03-01', platform: 'Google Ads', impressions: 1, clicks: 1, conversions: 0, spend: 1, revenue: 0 }],
          dry_run: false,
        }),
      ),
      contacts: await outcome(member.client.rpc('bulk_delete_contacts', { workspace_id: owner.organizationId, contact_ids: [] })),
    };
    for (const [write, error] of Object.entries(refusals)) {
      expect(error, write).not.toBeNull();
      expect(mayMeanLostAccess(error), `${write}: ${JSON.stringify(error)}`).toBe(true);
    }
    // Nothing changed.
    const [stored] = await server.sql`select title from public.content_items where id = ${itemId}`;
    expect(stored).toEqual({ title: 'Plan, revised' });

    // The check after a refusal: the workspace is no longer the member's; their own still is.
    const seen = await workspacesOf(member);
    expect(seen.map((workspace) => workspace.id)).toEqual([member.organizationId]);
  });

  it('tells a record that is really gone apart: the owner still has the workspace after a deleted item refuses an update', async () => {
    const item = await owner.client.from('content_items').insert({ title: 'Short-lived', organization_id: owner.organizationId, user_id: owner.id }).select('id').single();
    await server.sql`delete from public.content_items where id = ${item.data!.id}`;
    const error = await outcome(owner.client.from('content_items').update({ title: 'Gone' }).eq('id', item.data!.id).select('id'));
    expect(error).toBeInstanceOf(RowGoneError);
    expect((await workspacesOf(owner)).find((workspace) => workspace.id === owner.organizationId)?.accessRole).toBe('owner');
  });

  it('a member lowered to viewer: the update changes nothing, and the check sees the viewer role', async () => {
    const viewer = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${viewer.id}, 'viewer')`;
    const error = await outcome(viewer.client.from('content_items').update({ title: 'Nope' }).eq('id', itemId).select('id'));
    expect(mayMeanLostAccess(error)).toBe(true);
    expect((await workspacesOf(viewer)).find((workspace) => workspace.id === owner.organizationId)?.accessRole).toBe('viewer');
  });
});

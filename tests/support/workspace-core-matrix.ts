import { DENY_ANON, REFUSED, self, type Operation, type World } from './tenant-matrix';
import { ids } from './workspaces';

const member4 = 'rows 4';

/**
 * The tenant matrix's first rows (docs/decisions/0009-workspace-access-roles.md): reads of the workspace's own tables by every
 * actor, direct writes of records (members write, viewers and everyone else nothing), and the workspace's own tables,
 * whose memberships and invitations change only through functions (tests/support/workspace-matrix-functions.ts).
 */
export function workspaceCoreOperations(world: World): Record<string, Operation> {
  return {
    // Reads: members see their workspace, nobody else sees anything of it.
    'organizations: read workspace 1': {
      run: (a) => a.client.from('organizations').select('id').eq('id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'organization_members: read workspace 1': {
      run: (a) => a.client.from('organization_members').select('user_id, role').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: [member4, member4, member4, member4, 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'workspace_members(): workspace 1 with names and e-mail': {
      run: (a) => a.client.rpc('workspace_members', { workspace_id: world().workspace1 }),
      answer: 'rows',
      cells: [member4, member4, member4, member4, 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'workspace_invitations: read workspace 1 (admins only)': {
      run: (a) => a.client.from('workspace_invitations').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 5', 'rows 5', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'content_items: read workspace 1': {
      run: (a) => a.client.from('content_items').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'campaigns: read workspace 1': {
      run: (a) => a.client.from('campaigns').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'profiles: read the profiles of workspace 1 members (own only)': {
      run: (a) => a.client.from('profiles').select('user_id').in('user_id', (['owner', 'admin', 'member', 'viewer'] as const).map((name) => world().actors[name].user!.id)),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'organization_members: read workspace 2': {
      run: (a) => a.client.from('organization_members').select('user_id').eq('organization_id', world().workspace2),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 2', 'rows 0', 'rows 0', DENY_ANON],
    },
    'workspace_members(): workspace 2': {
      run: (a) => a.client.rpc('workspace_members', { workspace_id: world().workspace2 }),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 2', 'rows 0', 'rows 0', DENY_ANON],
    },
    'workspace_invitations: read workspace 2': {
      run: (a) => a.client.from('workspace_invitations').select('id').eq('organization_id', world().workspace2),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },

    // Records: members write, viewers and everyone else write nothing.
    'content_items: insert into workspace 1': {
      run: (a) => a.client.from('content_items').insert({ organization_id: world().workspace1, user_id: a.user?.id ?? null, title: 'Planted' }).select('id'),
      answer: 'rows',
      cells: ['rows 1 → content_items +1', 'rows 1 → content_items +1', 'rows 1 → content_items +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'content_items: update workspace 1’s item': {
      run: (a) => a.client.from('content_items').update({ title: 'Changed' }).eq('id', ids.contentItem).select('id'),
      answer: 'rows',
      cells: ['rows 1 → content_items ~1', 'rows 1 → content_items ~1', 'rows 1 → content_items ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'content_items: delete workspace 1’s item': {
      run: (a) => a.client.from('content_items').delete().eq('id', ids.contentItem).select('id'),
      answer: 'rows',
      cells: ['rows 1 → content_items -1', 'rows 1 → content_items -1', 'rows 1 → content_items -1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'campaigns: insert into workspace 1': {
      run: (a) => a.client.from('campaigns').insert({ organization_id: world().workspace1, user_id: a.user?.id ?? null, title: 'Planted' }).select('id'),
      answer: 'rows',
      cells: ['rows 1 → campaigns +1', 'rows 1 → campaigns +1', 'rows 1 → campaigns +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'campaigns: update workspace 1’s campaign': {
      run: (a) => a.client.from('campaigns').update({ status: 'active' }).eq('id', ids.campaign).select('id'),
      answer: 'rows',
      cells: ['rows 1 → campaigns ~1', 'rows 1 → campaigns ~1', 'rows 1 → campaigns ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'campaigns: delete workspace 1’s campaign': {
      run: (a) => a.client.from('campaigns').delete().eq('id', ids.campaign).select('id'),
      answer: 'rows',
      cells: ['rows 1 → campaigns -1, campaign_results -1', 'rows 1 → campaigns -1, campaign_results -1', 'rows 1 → campaigns -1, campaign_results -1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },

    // The workspace's own tables: only names change directly; memberships and invitations only through functions.
    'organizations: rename workspace 1 (admins and owners)': {
      run: (a) => a.client.from('organizations').update({ name: 'Renamed' }).eq('id', world().workspace1).select('id'),
      answer: 'rows',
      cells: ['rows 1 → organizations ~1', 'rows 1 → organizations ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'organizations: delete workspace 1 directly': {
      run: (a) => a.client.from('organizations').delete().eq('id', world().workspace1).select('id'),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'organization_members: join workspace 1 without an invitation': {
      run: (a) => a.client.from('organization_members').insert({ organization_id: world().workspace1, user_id: self(a), role: 'owner' }),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'organization_members: raise one’s own role': {
      run: (a) => a.client.from('organization_members').update({ role: 'owner' }).eq('organization_id', world().workspace1).eq('user_id', self(a)),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'profiles: point one’s profile at workspace 1': {
      run: (a) => a.client.from('profiles').update({ organization_id: world().workspace1 } as never).eq('user_id', self(a)),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'workspace_invitations: write an invitation directly': {
      run: (a) => a.client.from('workspace_invitations').insert({ organization_id: world().workspace1, email: 'x@example.com', role: 'owner' }),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'workspace_invitations: mark the pending one accepted directly': {
      run: (a) => a.client.from('workspace_invitations').update({ accepted_at: new Date().toISOString() }).eq('id', ids.invitationPending),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
  };
}

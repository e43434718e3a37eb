import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsOperations } from '../support/analytics-matrix-rows';
import { blogOperations } from '../support/blog-matrix';
import { contactOperations } from '../support/contacts-matrix';
import { emailOperations } from '../support/email-matrix';
import { answerOf, DENY_ANON, REFUSED, self, type Operation } from '../support/tenant-matrix';
import { startTestServer, type TestServer } from '../support/test-server';
import { figuresOperations } from '../support/figures-matrix';
import { jobOperations } from '../support/jobs-matrix';
import { storageOperations } from '../support/storage-matrix';
import { webhookOperations } from '../support/webhooks-matrix';
import { workspaceFunctionOperations } from '../support/workspace-matrix-functions';
import { ACTORS, createWorkspaceWorld, describeChanges, ids, type Snapshot, type WorkspaceWorld } from '../support/workspaces';

/**
 * The tenant matrix of workspaces, members and invitations: every operation of the new tables and functions, by
 * every actor, through supabase-js against the real server. A cell states the answer (`rows n` for reads and
 * row-returning writes, `ok` for a function that succeeded, else `<status> <code> <details>`) and, after `→`, how
 * workspace 1's rows changed (`table +added -removed ~changed`; nothing when absent). Workspace 1's rows are read
 * with the superuser before and after each cell and compared; a cell that changed them is followed by a reset.
 *
 * Actors: owner, admin, member, viewer of workspace 1; outsider = member of workspace 2; invited = has a pending
 * invitation to workspace 1, not accepted; removed = removed from workspace 1, access token still valid; anon.
 * Reads and direct table writes are here; the functions' rows in tests/support/workspace-matrix-functions.ts, the
 * contacts' and leads' in tests/support/contacts-matrix.ts, the assets bucket's in tests/support/storage-matrix.ts.
 */

let server: TestServer;
let world: WorkspaceWorld;
const member4 = 'rows 4';

const operations: Record<string, Operation> = {
  // Reads: members see their workspace, nobody else sees anything of it.
  'organizations: read workspace 1': {
    run: (a) => a.client.from('organizations').select('id').eq('id', world.workspace1),
    answer: 'rows',
    cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'organization_members: read workspace 1': {
    run: (a) => a.client.from('organization_members').select('user_id, role').eq('organization_id', world.workspace1),
    answer: 'rows',
    cells: [member4, member4, member4, member4, 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'workspace_members(): workspace 1 with names and e-mail': {
    run: (a) => a.client.rpc('workspace_members', { workspace_id: world.workspace1 }),
    answer: 'rows',
    cells: [member4, member4, member4, member4, 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'workspace_invitations: read workspace 1 (admins only)': {
    run: (a) => a.client.from('workspace_invitations').select('id').eq('organization_id', world.workspace1),
    answer: 'rows',
    cells: ['rows 5', 'rows 5', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'content_items: read workspace 1': {
    run: (a) => a.client.from('content_items').select('id').eq('organization_id', world.workspace1),
    answer: 'rows',
    cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'campaigns: read workspace 1': {
    run: (a) => a.client.from('campaigns').select('id').eq('organization_id', world.workspace1),
    answer: 'rows',
    cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'profiles: read the profiles of workspace 1 members (own only)': {
    run: (a) => a.client.from('profiles').select('user_id').in('user_id', (['owner', 'admin', 'member', 'viewer'] as const).map((name) => world.actors[name].user!.id)),
    answer: 'rows',
    cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'organization_members: read workspace 2': {
    run: (a) => a.client.from('organization_members').select('user_id').eq('organization_id', world.workspace2),
    answer: 'rows',
    cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 2', 'rows 0', 'rows 0', DENY_ANON],
  },
  'workspace_members(): workspace 2': {
    run: (a) => a.client.rpc('workspace_members', { workspace_id: world.workspace2 }),
    answer: 'rows',
    cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 2', 'rows 0', 'rows 0', DENY_ANON],
  },
  'workspace_invitations: read workspace 2': {
    run: (a) => a.client.from('workspace_invitations').select('id').eq('organization_id', world.workspace2),
    answer: 'rows',
    cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },

  // Records: members write, viewers and everyone else write nothing.
  'content_items: insert into workspace 1': {
    run: (a) => a.client.from('content_items').insert({ organization_id: world.workspace1, user_id: a.user?.id ?? null, title: 'Planted' }).select('id'),
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
    run: (a) => a.client.from('campaigns').insert({ organization_id: world.workspace1, user_id: a.user?.id ?? null, title: 'Planted' }).select('id'),
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
    run: (a) => a.client.from('organizations').update({ name: 'Renamed' }).eq('id', world.workspace1).select('id'),
    answer: 'rows',
    cells: ['rows 1 → organizations ~1', 'rows 1 → organizations ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'organizations: delete workspace 1 directly': {
    run: (a) => a.client.from('organizations').delete().eq('id', world.workspace1).select('id'),
    answer: 'rows',
    cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'organization_members: join workspace 1 without an invitation': {
    run: (a) => a.client.from('organization_members').insert({ organization_id: world.workspace1, user_id: self(a), role: 'owner' }),
    answer: 'rows',
    cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'organization_members: raise one’s own role': {
    run: (a) => a.client.from('organization_members').update({ role: 'owner' }).eq('organization_id', world.workspace1).eq('user_id', self(a)),
    answer: 'rows',
    cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'profiles: point one’s profile at workspace 1': {
    run: (a) => a.client.from('profiles').update({ organization_id: world.workspace1 } as never).eq('user_id', self(a)),
    answer: 'rows',
    cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'workspace_invitations: write an invitation directly': {
    run: (a) => a.client.from('workspace_invitations').insert({ organization_id: world.workspace1, email: 'x@example.com', role: 'owner' }),
    answer: 'rows',
    cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'workspace_invitations: mark the pending one accepted directly': {
    run: (a) => a.client.from('workspace_invitations').update({ accepted_at: new Date().toISOString() }).eq('id', ids.invitationPending),
    answer: 'rows',
    cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },

  // Workspace and invitation functions (tests/support/workspace-matrix-functions.ts).
  ...workspaceFunctionOperations(() => world),
  ...analyticsOperations(() => world),
  ...figuresOperations(() => world),
  ...blogOperations(() => world),
  ...webhookOperations(() => world),

  // Contacts, scoring rules, their functions and the leads (tests/support/contacts-matrix.ts).
  ...contactOperations(() => world),

  // Scheduled publishing and the admin area's background work (tests/support/jobs-matrix.ts).
  ...jobOperations(() => world),
  // The assets bucket's objects through supabase-js's storage client (tests/support/storage-matrix.ts).
  ...storageOperations(() => world),
  // The Email Platform's tables and functions (tests/support/email-matrix.ts).
  ...emailOperations(() => world),
};

beforeAll(async () => {
  // No mail worker: the queue stays unconsumed, as on hosted Supabase, and no worker writes while a cell is compared.
  server = await startTestServer({}, { jobRunner: false });
  world = await createWorkspaceWorld(server);
});

afterAll(async () => {
  await server?.close();
});

// The world as the last cell left it when that cell changed nothing: the next cell starts from it without reading
// it again (one query less a cell); after a reset it is read afresh.
let unchanged: Snapshot | null = null;

describe.each(Object.entries(operations))('%s', (_name, operation) => {
  it.each(ACTORS.map((actor, index) => [actor, operation.cells[index]!] as const))('%s → %s', async (actorName, cell) => {
    const before = unchanged ?? (await world.snapshot());
    unchanged = null;
    const response = await operation.run(world.actors[actorName]);
    const after = await world.snapshot();
    const changes = describeChanges(before, after);
    if (changes) await world.reset();
    else unchanged = after;
    const [expectedAnswer, expectedChanges = ''] = cell.split(' → ');
    expect({ answer: answerOf(response, operation.answer), changes }).toEqual({ answer: expectedAnswer, changes: expectedChanges });
  });
});

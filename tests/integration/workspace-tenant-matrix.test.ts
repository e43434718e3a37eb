import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsOperations } from '../support/analytics-matrix-rows';
import { automationOperations } from '../support/automation-matrix';
import { blogOperations } from '../support/blog-matrix';
import { assetOperations } from '../support/assets-matrix';
import { contactOperations } from '../support/contacts-matrix';
import { emailOperations } from '../support/email-matrix';
import { answerOf, DENY_ANON, REFUSED, self, type Operation } from '../support/tenant-matrix';
import { clientWithToken } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { mintSession } from '../support/tokens';
import { timeZoneOperations } from '../support/time-zone-matrix';
import { twoFactorOperations } from '../support/two-factor-matrix';
import { figuresOperations } from '../support/figures-matrix';
import { jobOperations } from '../support/jobs-matrix';
import { seoOperations } from '../support/seo-matrix';
import { socialFiguresOperations } from '../support/social-figures-matrix';
import { socialOperations } from '../support/social-matrix';
import { socialOAuthOperations } from '../support/social-oauth-matrix';
import { socialCalendarOperations } from '../support/social-calendar-matrix';
import { socialLinkPreviewOperations } from '../support/social-link-preview-matrix';
import { storageOperations } from '../support/storage-matrix';
import { webhookOperations } from '../support/webhooks-matrix';
import { workspaceFunctionOperations } from '../support/workspace-matrix-functions';
import { type Actor, ACTORS, createWorkspaceWorld, describeChanges, ids, type Snapshot, type WorkspaceWorld } from '../support/workspaces';

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
 * contacts' and leads' in tests/support/contacts-matrix.ts, the assets bucket's in tests/support/storage-matrix.ts, the asset library's in tests/support/assets-matrix.ts.
 *
 * Then the whole matrix again with workspace 1 requiring two-factor authentication: each member of workspace 1 with
 * an aal1 token gets what the removed member gets (refused as `two_factor_required` where the removed member is
 * `not_a_member`), and the owner with an aal2 token gets what the owner got above.
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
  ...twoFactorOperations(() => world),
  ...timeZoneOperations(() => world),
  ...analyticsOperations(() => world),
  ...figuresOperations(() => world),
  ...blogOperations(() => world),
  ...webhookOperations(() => world),
  // The Social Hub's accounts, posts and per-channel results (tests/support/social-matrix.ts).
  ...socialOperations(() => world),
  ...socialFiguresOperations(() => world),
  // Connecting Mastodon with OAuth (tests/support/social-oauth-matrix.ts).
  ...socialOAuthOperations(() => world),
  // Its posting slots and calendar moves (tests/support/social-calendar-matrix.ts).
  ...socialCalendarOperations(() => world),
  // The composer's link cards before a post is saved (tests/support/social-link-preview-matrix.ts).
  ...socialLinkPreviewOperations(() => world),
  // The Automation Platform's workflows, versions, enrollments, step runs and notices (tests/support/automation-matrix.ts).
  ...automationOperations(() => world),

  // Contacts, scoring rules, their functions and the leads (tests/support/contacts-matrix.ts).
  ...contactOperations(() => world),

  // Scheduled publishing and the admin area's background work (tests/support/jobs-matrix.ts).
  ...jobOperations(() => world),
  // The assets bucket's objects through supabase-js's storage client (tests/support/storage-matrix.ts).
  ...storageOperations(() => world),
  // The SEO Toolkit's sites, audits, pages, issues and Search Console data (tests/support/seo-matrix.ts).
  ...seoOperations(() => world),
  // The asset library's tables and functions (tests/support/assets-matrix.ts).
  ...assetOperations(() => world),
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

async function expectCell(operation: Operation, actor: Actor, cell: string): Promise<void> {
  const before = unchanged ?? (await world.snapshot());
  unchanged = null;
  const response = await operation.run(actor);
  const after = await world.snapshot();
  const changes = describeChanges(before, after);
  if (changes) await world.reset();
  else unchanged = after;
  const [expectedAnswer, expectedChanges = ''] = cell.split(' → ');
  expect({ answer: answerOf(response, operation.answer), changes }).toEqual({ answer: expectedAnswer, changes: expectedChanges });
}

describe.each(Object.entries(operations))('%s', (_name, operation) => {
  it.each(ACTORS.map((actor, index) => [actor, operation.cells[index]!] as const))('%s → %s', async (actorName, cell) => {
    await expectCell(operation, world.actors[actorName], cell);
  });
});

const REMOVED = ACTORS.indexOf('removed');
type TwoFactorActor = 'owner (aal1)' | 'admin (aal1)' | 'member (aal1)' | 'viewer (aal1)' | 'owner (aal2)';
const TWO_FACTOR_ACTORS: TwoFactorActor[] = ['owner (aal1)', 'admin (aal1)', 'member (aal1)', 'viewer (aal1)', 'owner (aal2)'];

const eachAal1 = (cell: string): Partial<Record<TwoFactorActor, string>> =>
  Object.fromEntries(TWO_FACTOR_ACTORS.filter((actor) => actor.endsWith('(aal1)')).map((actor) => [actor, cell]));

/** Where the answer differs from the removed member's (or the owner's) for reasons that are not the workspace's data. */
const TWO_FACTOR_OVERRIDES: Record<string, Partial<Record<TwoFactorActor, string>>> = {
  // Profiles are each user's own, not the workspace's: a member still reads their own.
  'profiles: read the profiles of workspace 1 members (own only)': eachAal1('rows 1'),
  // The one thing an aal1 member learns of workspace 1: that it needs their code (and its name).
  'workspaces_requiring_two_factor(): the caller’s own, out of reach at this aal': eachAal1('rows 1'),
  // With an aal2 session the owner may require it (it is required already; the row is written again).
  'set_workspace_two_factor(): require it in workspace 1 (owners, from an aal2 session)': { 'owner (aal2)': 'ok → organizations ~1' },
  // The contact is named as workspace 2's, where none of them is a member.
  'bulk_delete_contacts(): workspace 1’s contact, named as workspace 2’s': eachAal1('403 42501 not_a_member'),
  // The post is saved as workspace 2's, where none of them is a member.
  'save_social_post(): workspace 2’s post on workspace 1’s account': eachAal1('403 42501 not_a_member'),
  'save_social_post(): change workspace 1’s post from workspace 2': eachAal1('403 42501 not_a_member'),
  'save_social_post(): workspace 2’s post with workspace 1’s asset': eachAal1('403 42501 not_a_member'),
  'save_social_post(): workspace 2’s thread on workspace 1’s account (parts)': eachAal1('403 42501 not_a_member'),
};

function twoFactorCell(name: string, operation: Operation, actor: TwoFactorActor): string {
  const override = TWO_FACTOR_OVERRIDES[name]?.[actor];
  if (override) return override;
  if (actor === 'owner (aal2)') return operation.cells[0];
  return operation.cells[REMOVED]!.replaceAll('not_a_member', 'two_factor_required');
}

describe('workspace 1 requires two-factor', () => {
  let actors: Record<TwoFactorActor, Actor>;
  beforeAll(async () => {
    await world.requireTwoFactor(true);
    unchanged = null;
    const owner = world.actors.owner;
    const aal2 = await mintSession(server.sql, server.jwtSecret, owner.user!.id, { aal: 'aal2' });
    actors = {
      'owner (aal1)': owner,
      'admin (aal1)': world.actors.admin,
      'member (aal1)': world.actors.member,
      'viewer (aal1)': world.actors.viewer,
      'owner (aal2)': { ...owner, client: clientWithToken(server, aal2.accessToken) },
    };
  });

  describe.each(Object.entries(operations))('%s', (name, operation) => {
    it.each(TWO_FACTOR_ACTORS.map((actor) => [actor, twoFactorCell(name, operation, actor)] as const))('%s → %s', async (actor, cell) => {
      await expectCell(operation, actors[actor], cell);
    });
  });
});

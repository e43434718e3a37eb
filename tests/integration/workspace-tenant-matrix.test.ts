import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { ACTORS, createWorkspaceWorld, describeChanges, ids, WORKSPACE_1_NAME, type Actor, type ActorName, type WorkspaceWorld } from '../support/workspaces';

/**
 * The tenant matrix of workspaces, members and invitations: every operation of the new tables and functions, by
 * every actor, through supabase-js against the real server. A cell states the answer (`rows n` for reads and
 * row-returning writes, `ok` for a function that succeeded, else `<status> <code> <details>`) and, after `→`, how
 * workspace 1's rows changed (`table +added -removed ~changed`; nothing when absent). Workspace 1's rows are read
 * with the superuser before and after each cell and compared; a cell that changed them is followed by a reset.
 *
 * Actors: owner, admin, member, viewer of workspace 1; outsider = member of workspace 2; invited = has a pending
 * invitation to workspace 1, not accepted; removed = removed from workspace 1, access token still valid; anon.
 */

type Response = { status: number; data: unknown; error: { code: string; details: string | null } | null };
type Answer = 'rows' | 'ok' | ((data: unknown) => string);
interface Operation {
  run(actor: Actor): PromiseLike<Response>;
  answer: Answer;
  /** One cell per actor, in the order of ACTORS. */
  cells: [string, string, string, string, string, string, string, string];
}

let server: TestServer;
let world: WorkspaceWorld;
const GUESSED_TOKEN = 'Zm9yZ2VkLXRva2VuLXRoYXQtbm9ib2R5LWlzc3VlZC0x';
const self = (actor: Actor) => actor.user?.id ?? '00000000-0000-4000-8000-000000000000';
const userId = (name: ActorName) => world.actors[name].user!.id;
const NEW_ADDRESS = 'new.colleague@example.com';

const DENY_ANON = '401 42501';
const NOT_MEMBER = '403 42501 not_a_member';
const TOO_LOW = '403 42501 role_too_low';
// permission denied (no grant) or a row refused by a policy.
const REFUSED = '403 42501';
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
    cells: [member4, member4, 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
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
    run: (a) => a.client.from('profiles').select('user_id').in('user_id', ['owner', 'admin', 'member', 'viewer'].map((n) => userId(n as ActorName))),
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

  // Campaign results, remembered CSV mappings and activity days (issue 18): viewers read, members write.
  'campaign_results: read workspace 1': {
    run: (a) => a.client.from('campaign_results').select('id').eq('organization_id', world.workspace1),
    answer: 'rows',
    cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'campaign_results: insert a day of workspace 1’s campaign': {
    run: (a) => a.client.from('campaign_results').insert({ campaign_id: ids.campaign, day: '2026-01-02', platform: 'Google Ads', clicks: 3, user_id: self(a) }).select('id'),
    answer: 'rows',
    cells: ['rows 1 → campaign_results +1', 'rows 1 → campaign_results +1', 'rows 1 → campaign_results +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'campaign_results: update workspace 1’s result': {
    run: (a) => a.client.from('campaign_results').update({ spend: 99 }).eq('id', ids.campaignResult).select('id'),
    answer: 'rows',
    cells: ['rows 1 → campaign_results ~1', 'rows 1 → campaign_results ~1', 'rows 1 → campaign_results ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'campaign_results: delete workspace 1’s result': {
    run: (a) => a.client.from('campaign_results').delete().eq('id', ids.campaignResult).select('id'),
    answer: 'rows',
    cells: ['rows 1 → campaign_results -1', 'rows 1 → campaign_results -1', 'rows 1 → campaign_results -1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'import_campaign_results(): a day of workspace 1’s campaign': {
    run: (a) => a.client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: [{ day: '2026-01-03', platform: 'TikTok Ads', clicks: 1 }] }),
    answer: (data) => JSON.stringify(data),
    cells: [
      ...(Array(3).fill('ok {"added":1,"updated":0,"unchanged":0} → campaign_results +1') as string[]),
      REFUSED, '400 P0001 campaign_missing', '400 P0001 campaign_missing', '400 P0001 campaign_missing', DENY_ANON,
    ] as Operation['cells'],
  },
  'results_summary(): workspace 1’s January': {
    run: (a) => a.client.rpc('results_summary', { workspace_id: world.workspace1, from_day: '2026-01-01', to_day: '2026-01-31' }),
    answer: (data) => (data as { period: string; clicks: number }[]).map((row) => `${row.period} ${row.clicks}`).join(', '),
    cells: [...(Array(4).fill('ok current 10, previous 0') as string[]), ...(Array(3).fill('ok current 0, previous 0') as string[]), DENY_ANON] as Operation['cells'],
  },
  'csv_column_mappings: read workspace 1': {
    run: (a) => a.client.from('csv_column_mappings').select('kind').eq('organization_id', world.workspace1),
    answer: 'rows',
    cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'csv_column_mappings: remember a mapping for workspace 1': {
    run: (a) => a.client.from('csv_column_mappings').upsert({ organization_id: world.workspace1, kind: 'campaign_results', mapping: { day: 'Date' }, updated_by: self(a) }).select('kind'),
    answer: 'rows',
    cells: ['rows 1 → csv_column_mappings ~1', 'rows 1 → csv_column_mappings ~1', 'rows 1 → csv_column_mappings ~1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'workspace_activity_days: read workspace 1': {
    run: (a) => a.client.from('workspace_activity_days').select('day').eq('organization_id', world.workspace1),
    answer: 'rows',
    cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'note_workspace_activity(): today in workspace 1': {
    run: (a) => a.client.rpc('note_workspace_activity', { workspace_id: world.workspace1 }),
    answer: 'ok',
    cells: [
      ...(Array(4).fill('ok → workspace_activity_days +1') as string[]),
      'ok', 'ok', 'ok', DENY_ANON,
    ] as Operation['cells'],
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

  // Workspace functions.
  'create_workspace(): a new one of one’s own (workspace 1 untouched)': {
    run: (a) => a.client.rpc('create_workspace', { name: 'Side project' }),
    answer: 'ok',
    cells: ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', DENY_ANON],
  },
  'change_member_role(): member → admin': {
    run: (a) => a.client.rpc('change_member_role', { workspace_id: world.workspace1, user_id: userId('member'), access_role: 'admin' }),
    answer: 'ok',
    cells: ['ok → organization_members ~1', 'ok → organization_members ~1', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'change_member_role(): viewer → owner (owners only)': {
    run: (a) => a.client.rpc('change_member_role', { workspace_id: world.workspace1, user_id: userId('viewer'), access_role: 'owner' }),
    answer: 'ok',
    cells: ['ok → organization_members ~1', '403 42501 owner_only', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'change_member_role(): raise one’s own role to owner': {
    run: (a) => a.client.rpc('change_member_role', { workspace_id: world.workspace1, user_id: self(a), access_role: 'owner' }),
    answer: 'ok',
    cells: ['ok', '403 42501 own_role', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'change_member_role(): demote the last owner': {
    run: (a) => a.client.rpc('change_member_role', { workspace_id: world.workspace1, user_id: userId('owner'), access_role: 'admin' }),
    answer: 'ok',
    cells: ['400 P0001 last_owner', '403 42501 owner_only', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'remove_member(): the member': {
    run: (a) => a.client.rpc('remove_member', { workspace_id: world.workspace1, user_id: userId('member') }),
    answer: 'ok',
    cells: ['ok → organization_members -1', 'ok → organization_members -1', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'remove_member(): the last owner': {
    run: (a) => a.client.rpc('remove_member', { workspace_id: world.workspace1, user_id: userId('owner') }),
    answer: 'ok',
    cells: ['400 P0001 use_leave', '403 42501 owner_only', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'leave_workspace()': {
    run: (a) => a.client.rpc('leave_workspace', { workspace_id: world.workspace1 }),
    answer: 'ok',
    cells: ['400 P0001 last_owner', 'ok → organization_members -1', 'ok → organization_members -1', 'ok → organization_members -1', NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'transfer_workspace_ownership(): to the admin': {
    run: (a) => a.client.rpc('transfer_workspace_ownership', { workspace_id: world.workspace1, user_id: userId('admin') }),
    answer: 'ok',
    cells: ['ok → organization_members ~2', TOO_LOW, TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'delete_workspace(): with a wrong name': {
    run: (a) => a.client.rpc('delete_workspace', { workspace_id: world.workspace1, confirm_name: 'workspace one' }),
    answer: 'ok',
    cells: ['400 P0001 name_mismatch', TOO_LOW, TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'delete_workspace(): with its name (records go with it)': {
    run: (a) => a.client.rpc('delete_workspace', { workspace_id: world.workspace1, confirm_name: WORKSPACE_1_NAME }),
    answer: 'ok',
    cells: [
      'ok → organizations -1, organization_members -4, workspace_invitations -4, invitation_tokens -4, content_items -1, campaigns -1, campaign_results -1, csv_column_mappings -1, workspace_activity_days -1, profiles ~1',
      TOO_LOW, TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON,
    ],
  },

  // Invitations.
  'invite_to_workspace(): a new address as member': {
    run: (a) => a.client.rpc('invite_to_workspace', { workspace_id: world.workspace1, email: NEW_ADDRESS, access_role: 'member' }),
    answer: 'ok',
    cells: ['ok → workspace_invitations +1, invitation_tokens +1', 'ok → workspace_invitations +1, invitation_tokens +1', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'invite_to_workspace(): a new address as owner': {
    run: (a) => a.client.rpc('invite_to_workspace', { workspace_id: world.workspace1, email: NEW_ADDRESS, access_role: 'owner' }),
    answer: 'ok',
    cells: ['ok → workspace_invitations +1, invitation_tokens +1', '403 42501 role_too_high', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'invite_to_workspace(): a member’s address (upper case)': {
    run: (a) => a.client.rpc('invite_to_workspace', { workspace_id: world.workspace1, email: world.actors.member.user!.email.toUpperCase(), access_role: 'admin' }),
    answer: 'ok',
    cells: ['400 P0001 already_member', '400 P0001 already_member', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'revoke_invitation(): the pending one': {
    run: (a) => a.client.rpc('revoke_invitation', { invitation_id: ids.invitationPending }),
    answer: 'ok',
    cells: ['ok → workspace_invitations ~1', 'ok → workspace_invitations ~1', TOO_LOW, TOO_LOW, '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', DENY_ANON],
  },
  'resend_invitation(): the pending one': {
    run: (a) => a.client.rpc('resend_invitation', { invitation_id: ids.invitationPending }),
    answer: 'ok',
    cells: ['ok → workspace_invitations ~1', 'ok → workspace_invitations ~1', TOO_LOW, TOO_LOW, '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', DENY_ANON],
  },
  'create_invitation_link(): a new link for the pending one': {
    run: (a) => a.client.rpc('create_invitation_link', { invitation_id: ids.invitationPending }),
    answer: 'ok',
    cells: ['ok → workspace_invitations ~1, invitation_tokens ~1', 'ok → workspace_invitations ~1, invitation_tokens ~1', TOO_LOW, TOO_LOW, '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', DENY_ANON],
  },
  'get_invitation(): the pending link (whoever holds it)': {
    run: (a) => a.client.rpc('get_invitation', { token: world.tokens.pending }).single(),
    answer: (data) => `${(data as { status: string; workspace_name: string }).status} ${(data as { workspace_name: string }).workspace_name}`,
    cells: Array(8).fill(`ok pending ${WORKSPACE_1_NAME}`) as Operation['cells'],
  },
  'get_invitation(): used, revoked, expired and guessed links': {
    run: async (a) => {
      const answers = await Promise.all(
        [world.tokens.used, world.tokens.revoked, world.tokens.expired, GUESSED_TOKEN].map((token) => a.client.rpc('get_invitation', { token }).single()),
      );
      const failed = answers.find((answer) => answer.error);
      return failed ?? { status: 200, error: null, data: answers.map((answer) => (answer.data as { status: string; email: string | null }).status + (answer.data as { email: string | null }).email) };
    },
    answer: (data) => (data as string[]).join(' '),
    cells: Array(8).fill('ok acceptednull revokednull expirednull invalidnull') as Operation['cells'],
  },
  'accept_invitation(): the pending link': {
    run: (a) => a.client.rpc('accept_invitation', { token: world.tokens.pending }),
    answer: 'ok',
    cells: [
      '403 42501 email_mismatch', '403 42501 email_mismatch', '403 42501 email_mismatch', '403 42501 email_mismatch',
      '403 42501 email_mismatch', 'ok → organization_members +1, workspace_invitations ~1', '403 42501 email_mismatch', DENY_ANON,
    ],
  },
  'accept_invitation(): a guessed token': {
    run: (a) => a.client.rpc('accept_invitation', { token: GUESSED_TOKEN }),
    answer: 'ok',
    cells: [...(Array(7).fill('400 P0001 invitation_invalid') as string[]), DENY_ANON] as Operation['cells'],
  },
  'accept_invitation(): replaying a used link': {
    run: (a) => a.client.rpc('accept_invitation', { token: world.tokens.used }),
    answer: 'ok',
    cells: [...(Array(7).fill('400 P0001 invitation_used') as string[]), DENY_ANON] as Operation['cells'],
  },
  'accept_invitation(): a revoked link': {
    run: (a) => a.client.rpc('accept_invitation', { token: world.tokens.revoked }),
    answer: 'ok',
    cells: [...(Array(7).fill('400 P0001 invitation_revoked') as string[]), DENY_ANON] as Operation['cells'],
  },
  'accept_invitation(): an expired link': {
    run: (a) => a.client.rpc('accept_invitation', { token: world.tokens.expired }),
    answer: 'ok',
    cells: [...(Array(7).fill('400 P0001 invitation_expired') as string[]), DENY_ANON] as Operation['cells'],
  },
};

function answerOf(response: Response, answer: Answer): string {
  if (response.error) return [response.status, response.error.code, response.error.details].filter(Boolean).join(' ');
  if (answer === 'rows') return `rows ${Array.isArray(response.data) ? response.data.length : `? (${response.status})`}`;
  if (answer === 'ok') return 'ok';
  return `ok ${answer(response.data)}`;
}

beforeAll(async () => {
  // No mail worker: the queue stays unconsumed, as on hosted Supabase, and no worker writes while a cell is compared.
  server = await startTestServer({}, { mailWorker: false });
  world = await createWorkspaceWorld(server);
});

afterAll(async () => {
  await server?.close();
});

describe.each(Object.entries(operations))('%s', (_name, operation) => {
  it.each(ACTORS.map((actor, index) => [actor, operation.cells[index]!] as const))('%s → %s', async (actorName, cell) => {
    const before = await world.snapshot();
    const response = await operation.run(world.actors[actorName]);
    const after = await world.snapshot();
    const changes = describeChanges(before, after);
    if (changes) await world.reset();
    const [expectedAnswer, expectedChanges = ''] = cell.split(' → ');
    expect({ answer: answerOf(response, operation.answer), changes }).toEqual({ answer: expectedAnswer, changes: expectedChanges });
  });
});

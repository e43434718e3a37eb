import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { ACTORS, CONTACT_EMAIL, createWorkspaceWorld, describeChanges, ids, WORKSPACE_1_NAME, type Actor, type ActorName, type WorkspaceWorld } from '../support/workspaces';

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
    cells: ['rows 1 → campaigns -1', 'rows 1 → campaigns -1', 'rows 1 → campaigns -1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
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
      'ok → organizations -1, organization_members -4, workspace_invitations -4, invitation_tokens -4, content_items -1, campaigns -1, contacts -1, contact_score_rules -12, profiles ~1',
      TOO_LOW, TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON,
    ],
  },

  // Contacts and their scoring rules: every member reads, members write, viewers and everyone else write nothing.
  'contacts: read workspace 1': {
    run: (a) => a.client.from('contacts').select('id').eq('organization_id', world.workspace1),
    answer: 'rows',
    cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'contacts: insert into workspace 1': {
    run: (a) => a.client.from('contacts').insert({ organization_id: world.workspace1, first_name: 'Planted' }).select('id'),
    answer: 'rows',
    cells: ['rows 1 → contacts +1', 'rows 1 → contacts +1', 'rows 1 → contacts +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'contacts: insert workspace 1’s address again (other case) into workspace 1': {
    run: (a) => a.client.from('contacts').insert({ organization_id: world.workspace1, email: CONTACT_EMAIL.toUpperCase() }).select('id'),
    answer: 'rows',
    cells: ['409 23505', '409 23505', '409 23505', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'contacts: insert workspace 1’s address into workspace 2 (nothing leaks)': {
    run: (a) => a.client.from('contacts').insert({ organization_id: world.workspace2, email: 'DANA@northwind.example' }).select('id'),
    answer: 'rows',
    cells: [REFUSED, REFUSED, REFUSED, REFUSED, 'rows 1', REFUSED, REFUSED, DENY_ANON],
  },
  'contacts: update workspace 1’s contact': {
    run: (a) => a.client.from('contacts').update({ company: 'Changed' }).eq('id', ids.contact).select('id'),
    answer: 'rows',
    cells: ['rows 1 → contacts ~1', 'rows 1 → contacts ~1', 'rows 1 → contacts ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'contacts: type a lead score': {
    run: (a) => a.client.from('contacts').update({ lead_score: 100 } as never).eq('id', ids.contact).select('id'),
    answer: 'rows',
    cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'contacts: delete workspace 1’s contact': {
    run: (a) => a.client.from('contacts').delete().eq('id', ids.contact).select('id'),
    answer: 'rows',
    cells: ['rows 1 → contacts -1', 'rows 1 → contacts -1', 'rows 1 → contacts -1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'contact_score_rules: read workspace 1': {
    run: (a) => a.client.from('contact_score_rules').select('id').eq('organization_id', world.workspace1),
    answer: 'rows',
    cells: ['rows 12', 'rows 12', 'rows 12', 'rows 12', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'contact_score_rules: insert into workspace 1': {
    run: (a) => a.client.from('contact_score_rules').insert({ organization_id: world.workspace1, kind: 'tag', value: 'planted', points: 5 }).select('id'),
    answer: 'rows',
    cells: ['rows 1 → contact_score_rules +1', 'rows 1 → contact_score_rules +1', 'rows 1 → contact_score_rules +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
  },
  'contact_score_rules: change the customer rule (rescores the contact)': {
    run: (a) => a.client.from('contact_score_rules').update({ points: 90 }).eq('organization_id', world.workspace1).eq('kind', 'lifecycle_stage').eq('value', 'customer').select('id'),
    answer: 'rows',
    cells: [
      'rows 1 → contacts ~1, contact_score_rules ~1', 'rows 1 → contacts ~1, contact_score_rules ~1', 'rows 1 → contacts ~1, contact_score_rules ~1',
      'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON,
    ],
  },
  'contact_score_rules: delete the customer rule (rescores the contact)': {
    run: (a) => a.client.from('contact_score_rules').delete().eq('organization_id', world.workspace1).eq('kind', 'lifecycle_stage').eq('value', 'customer').select('id'),
    answer: 'rows',
    cells: [
      'rows 1 → contacts ~1, contact_score_rules -1', 'rows 1 → contacts ~1, contact_score_rules -1', 'rows 1 → contacts ~1, contact_score_rules -1',
      'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON,
    ],
  },
  'bulk_tag_contacts(): workspace 1’s contact': {
    run: (a) => a.client.rpc('bulk_tag_contacts', { workspace_id: world.workspace1, contact_ids: [ids.contact], add_tags: ['vip'] }),
    answer: 'ok',
    cells: ['ok → contacts ~1', 'ok → contacts ~1', 'ok → contacts ~1', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'bulk_tag_contacts(): workspace 1’s contact and workspace 2’s': {
    run: (a) => a.client.rpc('bulk_tag_contacts', { workspace_id: world.workspace1, contact_ids: [ids.contact, ids.contactOfWorkspace2], add_tags: ['vip'] }),
    answer: 'ok',
    cells: ['400 P0001 unknown_contacts', '400 P0001 unknown_contacts', '400 P0001 unknown_contacts', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'bulk_delete_contacts(): workspace 1’s contact': {
    run: (a) => a.client.rpc('bulk_delete_contacts', { workspace_id: world.workspace1, contact_ids: [ids.contact] }),
    answer: 'ok',
    cells: ['ok → contacts -1', 'ok → contacts -1', 'ok → contacts -1', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'bulk_delete_contacts(): workspace 1’s contact, named as workspace 2’s': {
    run: (a) => a.client.rpc('bulk_delete_contacts', { workspace_id: world.workspace2, contact_ids: [ids.contact] }),
    answer: 'ok',
    cells: [NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, '400 P0001 unknown_contacts', NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'import_contacts(): one line into workspace 1': {
    run: (a) => a.client.rpc('import_contacts', { workspace_id: world.workspace1, rows: [{ line: 2, first_name: 'Imported' }], on_duplicate: 'skip' }),
    answer: 'ok',
    cells: ['ok → contacts +1', 'ok → contacts +1', 'ok → contacts +1', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'import_contacts(): workspace 1’s address, merged': {
    run: (a) => a.client.rpc('import_contacts', { workspace_id: world.workspace1, rows: [{ line: 2, email: CONTACT_EMAIL, company: 'Merged' }], on_duplicate: 'merge' }),
    answer: 'ok',
    cells: ['ok → contacts ~1', 'ok → contacts ~1', 'ok → contacts ~1', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'recompute_lead_scores(): workspace 1 (nothing out of date)': {
    run: (a) => a.client.rpc('recompute_lead_scores', { workspace_id: world.workspace1 }),
    answer: (data) => String(data),
    cells: ['ok 0', 'ok 0', 'ok 0', 'ok 0', NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
  },
  'contact_overview(): workspace 1': {
    run: (a) => a.client.rpc('contact_overview', { workspace_id: world.workspace1 }),
    answer: (data) => `total ${(data as { total: number }).total}`,
    cells: ['ok total 1', 'ok total 1', 'ok total 1', 'ok total 1', 'ok total 0', 'ok total 0', 'ok total 0', DENY_ANON],
  },

  // Leads: site admins only (none of these actors is one); nobody deletes one through the API.
  'leads: read': {
    run: (a) => a.client.from('leads').select('id').eq('id', ids.lead),
    answer: 'rows',
    cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'leads: mark won': {
    run: (a) => a.client.from('leads').update({ status: 'won', note: 'mine' }).eq('id', ids.lead).select('id'),
    answer: 'rows',
    cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
  },
  'leads: delete': {
    run: (a) => a.client.from('leads').delete().eq('id', ids.lead).select('id'),
    answer: 'rows',
    cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
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

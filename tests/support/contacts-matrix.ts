import { CONTACT_EMAIL, ids } from './workspaces';
import { DENY_ANON, NOT_MEMBER, REFUSED, TOO_LOW, userIdOf, type Operation, type World } from './tenant-matrix';

/** A deleted contact takes its automation runs and the notices about it along (tests/support/automation-matrix.ts). */
const CONTACT_GONE_ROWS = 'rows 1 → contacts -1, automation_enrollments -1, automation_step_runs -1, member_notices -1, email_list_members -1';
const CONTACT_GONE_OK = 'ok → contacts -1, automation_enrollments -1, automation_step_runs -1, member_notices -1, email_list_members -1';

/**
 * The tenant matrix's rows for contacts, their scoring rules, the contact functions (bulk tag/delete, import,
 * rescoring, the Retention Center's overview) and the agency's leads (none of the actors is a site admin).
 */
export function contactOperations(world: World): Record<string, Operation> {
  return {
    // Contacts and their scoring rules: every member reads, members write, viewers and everyone else write nothing.
    'contacts: read workspace 1': {
      run: (a) => a.client.from('contacts').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'contacts: insert into workspace 1': {
      run: (a) => a.client.from('contacts').insert({ organization_id: world().workspace1, first_name: 'Planted' }).select('id'),
      answer: 'rows',
      cells: ['rows 1 → contacts +1', 'rows 1 → contacts +1', 'rows 1 → contacts +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    // The owner check runs before row-level security: for anyone who may not write to workspace 1 it must answer as
    // row-level security does, whether or not the owner is a member there (it would tell who is).
    'contacts: insert into workspace 1, owned by its member': {
      run: (a) => a.client.from('contacts').insert({ organization_id: world().workspace1, first_name: 'Owned', owner_id: userIdOf(world, 'member') }).select('id'),
      answer: 'rows',
      cells: ['rows 1 → contacts +1', 'rows 1 → contacts +1', 'rows 1 → contacts +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'contacts: insert into workspace 1, owned by someone who is not its member': {
      run: (a) => a.client.from('contacts').insert({ organization_id: world().workspace1, first_name: 'Owned', owner_id: userIdOf(world, 'outsider') }).select('id'),
      answer: 'rows',
      cells: ['400 23514 owner_not_member', '400 23514 owner_not_member', '400 23514 owner_not_member', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'contacts: insert workspace 1’s address again (other case) into workspace 1': {
      run: (a) => a.client.from('contacts').insert({ organization_id: world().workspace1, email: CONTACT_EMAIL.toUpperCase() }).select('id'),
      answer: 'rows',
      cells: ['409 23505', '409 23505', '409 23505', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'contacts: insert workspace 1’s address into workspace 2 (nothing leaks)': {
      run: (a) => a.client.from('contacts').insert({ organization_id: world().workspace2, email: 'DANA@northwind.example' }).select('id'),
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
      cells: [CONTACT_GONE_ROWS, CONTACT_GONE_ROWS, CONTACT_GONE_ROWS, 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'contact_score_rules: read workspace 1': {
      run: (a) => a.client.from('contact_score_rules').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 12', 'rows 12', 'rows 12', 'rows 12', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'contact_score_rules: insert into workspace 1': {
      run: (a) => a.client.from('contact_score_rules').insert({ organization_id: world().workspace1, kind: 'tag', value: 'planted', points: 5 }).select('id'),
      answer: 'rows',
      cells: ['rows 1 → contact_score_rules +1', 'rows 1 → contact_score_rules +1', 'rows 1 → contact_score_rules +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    // Workspace 2 has 100 rules, the limit, checked before row-level security: only its own members learn it.
    'contact_score_rules: insert into workspace 2 (at its limit of 100 rules)': {
      run: (a) => a.client.from('contact_score_rules').insert({ organization_id: world().workspace2, kind: 'tag', value: 'planted', points: 5 }).select('id'),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, '400 P0001 rule_limit', REFUSED, REFUSED, DENY_ANON],
    },
    'contact_score_rules: change the customer rule (rescores the contact)': {
      run: (a) => a.client.from('contact_score_rules').update({ points: 90 }).eq('organization_id', world().workspace1).eq('kind', 'lifecycle_stage').eq('value', 'customer').select('id'),
      answer: 'rows',
      cells: [
        'rows 1 → contacts ~1, contact_score_rules ~1', 'rows 1 → contacts ~1, contact_score_rules ~1', 'rows 1 → contacts ~1, contact_score_rules ~1',
        'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON,
      ],
    },
    'contact_score_rules: delete the customer rule (rescores the contact)': {
      run: (a) => a.client.from('contact_score_rules').delete().eq('organization_id', world().workspace1).eq('kind', 'lifecycle_stage').eq('value', 'customer').select('id'),
      answer: 'rows',
      cells: [
        'rows 1 → contacts ~1, contact_score_rules -1', 'rows 1 → contacts ~1, contact_score_rules -1', 'rows 1 → contacts ~1, contact_score_rules -1',
        'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON,
      ],
    },
    'bulk_tag_contacts(): workspace 1’s contact': {
      run: (a) => a.client.rpc('bulk_tag_contacts', { workspace_id: world().workspace1, contact_ids: [ids.contact], add_tags: ['vip'] }),
      answer: 'ok',
      cells: ['ok → contacts ~1', 'ok → contacts ~1', 'ok → contacts ~1', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'bulk_tag_contacts(): workspace 1’s contact and workspace 2’s': {
      run: (a) => a.client.rpc('bulk_tag_contacts', { workspace_id: world().workspace1, contact_ids: [ids.contact, ids.contactOfWorkspace2], add_tags: ['vip'] }),
      answer: 'ok',
      cells: ['400 P0001 unknown_contacts', '400 P0001 unknown_contacts', '400 P0001 unknown_contacts', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'bulk_delete_contacts(): workspace 1’s contact': {
      run: (a) => a.client.rpc('bulk_delete_contacts', { workspace_id: world().workspace1, contact_ids: [ids.contact] }),
      answer: 'ok',
      cells: [CONTACT_GONE_OK, CONTACT_GONE_OK, CONTACT_GONE_OK, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'bulk_delete_contacts(): workspace 1’s contact, named as workspace 2’s': {
      run: (a) => a.client.rpc('bulk_delete_contacts', { workspace_id: world().workspace2, contact_ids: [ids.contact] }),
      answer: 'ok',
      cells: [NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, '400 P0001 unknown_contacts', NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'import_contacts(): one line into workspace 1': {
      run: (a) => a.client.rpc('import_contacts', { workspace_id: world().workspace1, rows: [{ line: 2, first_name: 'Imported' }], on_duplicate: 'skip' }),
      answer: 'ok',
      cells: ['ok → contacts +1', 'ok → contacts +1', 'ok → contacts +1', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'import_contacts(): workspace 1’s address, merged': {
      run: (a) => a.client.rpc('import_contacts', { workspace_id: world().workspace1, rows: [{ line: 2, email: CONTACT_EMAIL, company: 'Merged' }], on_duplicate: 'merge' }),
      answer: 'ok',
      cells: ['ok → contacts ~1', 'ok → contacts ~1', 'ok → contacts ~1', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    // It writes scores: members and above only (a viewer writes nothing).
    'recompute_lead_scores(): workspace 1 (nothing out of date)': {
      run: (a) => a.client.rpc('recompute_lead_scores', { workspace_id: world().workspace1 }),
      answer: (data) => String(data),
      cells: ['ok 0', 'ok 0', 'ok 0', 'ok 0', NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'contact_overview(): workspace 1': {
      run: (a) => a.client.rpc('contact_overview', { workspace_id: world().workspace1 }),
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
  };
}

import { DENY_ANON, NOT_MEMBER, REFUSED, TOO_LOW, type Operation, type World } from './tenant-matrix';
import { CONTACT_EMAIL, EMAIL_FORM_TOKEN, ids, SUPPRESSED_EMAIL } from './workspaces';

/** Functions that find the row first: other workspaces' people learn nothing, not even whether it exists. */
const UNKNOWN_LIST = '400 P0001 unknown_list';
const UNKNOWN_CAMPAIGN = '400 P0001 unknown_campaign';
const NOT_SIGNED_IN = '401 42501 not_signed_in';
const EVERY_MEMBER_READS: Operation['cells'] = ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON];
const NOBODY_WRITES: Operation['cells'] = [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON];
/** Members and up change it; viewers and other workspaces' people find no row to change. */
const MEMBERS_CHANGE = (change: string): Operation['cells'] => [`rows 1 → ${change}`, `rows 1 → ${change}`, `rows 1 → ${change}`, 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON];
/** Members and up add it to workspace 1; viewers and other workspaces' people are refused by the policy. */
const MEMBERS_ADD = (change: string): Operation['cells'] => [`rows 1 → ${change}`, `rows 1 → ${change}`, `rows 1 → ${change}`, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON];
/** Members and up call it on a row of workspace 1; viewers are too low; other workspaces' people are told the row is unknown. */
const MEMBERS_CALL = (ok: string, unknown: string): Operation['cells'] => [ok, ok, ok, TOO_LOW, unknown, unknown, unknown, NOT_SIGNED_IN];
/** Figures (security invoker): members count workspace 1's rows; others count nothing. */
const FIGURES = (mine: string, others: string): Operation['cells'] => [`ok ${mine}`, `ok ${mine}`, `ok ${mine}`, `ok ${mine}`, `ok ${others}`, `ok ${others}`, `ok ${others}`, DENY_ANON];

/**
 * The tenant matrix's rows for the Email Platform (issue 28, decision 0020): every member reads lists, members,
 * templates, campaigns, deliveries, suppressions and settings (viewers read reports); members write templates, lists,
 * draft campaigns and manual suppressions, and send; admins change the sending settings and read the provider
 * webhooks' secrets; nobody writes members, deliveries or a campaign's state directly; another workspace's people
 * learn and change nothing; anyone with a list's form token sees only its name.
 */
export function emailOperations(world: World): Record<string, Operation> {
  return {
    'email_settings: read workspace 1': {
      run: (a) => a.client.from('email_settings').select('organization_id, track_opens').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'email_settings: turn open tracking on': {
      run: (a) => a.client.from('email_settings').update({ track_opens: true }).eq('organization_id', world().workspace1).select('track_opens'),
      answer: 'rows',
      cells: ['rows 1 → email_settings ~1', 'rows 1 → email_settings ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'email_suppressions: read workspace 1': {
      run: (a) => a.client.from('email_suppressions').select('email, reason').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'email_suppressions: suppress an address of workspace 1 by hand': {
      run: (a) => a.client.from('email_suppressions').insert({ organization_id: world().workspace1, email: 'someone@example.com' }).select('email'),
      answer: 'rows',
      cells: MEMBERS_ADD('email_suppressions +1'),
    },
    'email_suppressions: lift workspace 1’s manual suppression': {
      run: (a) => a.client.from('email_suppressions').delete().eq('organization_id', world().workspace1).eq('email', SUPPRESSED_EMAIL).select('email'),
      answer: 'rows',
      cells: MEMBERS_CHANGE('email_suppressions -1'),
    },
    'email_templates: read workspace 1': {
      run: (a) => a.client.from('email_templates').select('id, subject').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'email_templates: add one to workspace 1': {
      run: (a) => a.client.from('email_templates').insert({ organization_id: world().workspace1, name: 'New', subject: 'Hi' }).select('id'),
      answer: 'rows',
      cells: MEMBERS_ADD('email_templates +1'),
    },
    'email_templates: change workspace 1’s subject': {
      run: (a) => a.client.from('email_templates').update({ subject: 'Changed' }).eq('id', ids.emailTemplate).select('id'),
      answer: 'rows',
      cells: MEMBERS_CHANGE('email_templates ~1'),
    },
    'email_templates: delete workspace 1’s template': {
      run: (a) => a.client.from('email_templates').delete().eq('id', ids.emailTemplate).select('id'),
      answer: 'rows',
      cells: MEMBERS_CHANGE('email_templates -1'),
    },
    'email_templates: a button to a javascript: URL': {
      run: (a) => a.client.from('email_templates').insert({ organization_id: world().workspace1, name: 'Bad', subject: 'Hi', blocks: [{ type: 'button', label: 'Go', href: 'javascript:alert(1)' }] as never }).select('id'),
      answer: 'rows',
      cells: ['400 23514', '400 23514', '400 23514', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'email_lists: read workspace 1': {
      run: (a) => a.client.from('email_lists').select('id, form_token').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'email_lists: read workspace 2’s list': {
      run: (a) => a.client.from('email_lists').select('id').eq('id', ids.emailListOfWorkspace2),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 1', 'rows 0', 'rows 0', DENY_ANON],
    },
    'email_lists: add one to workspace 1': {
      run: (a) => a.client.from('email_lists').insert({ organization_id: world().workspace1, name: 'Another list' }).select('id'),
      answer: 'rows',
      cells: MEMBERS_ADD('email_lists +1'),
    },
    'email_lists: delete workspace 1’s list (its members go with it)': {
      run: (a) => a.client.from('email_lists').delete().eq('id', ids.emailList).select('id'),
      answer: 'rows',
      cells: MEMBERS_CHANGE('email_lists -1, email_list_members -1'),
    },
    'email_lists: rename workspace 1’s list': {
      run: (a) => a.client.from('email_lists').update({ name: 'Renamed list' }).eq('id', ids.emailList).select('id'),
      answer: 'rows',
      cells: MEMBERS_CHANGE('email_lists ~1'),
    },
    // A form's token is the database's to draw: nobody sets one they could guess (no grant on the column).
    'email_lists: set workspace 1’s form token to a chosen value': {
      run: (a) => a.client.from('email_lists').update({ form_token: 'chosen-token-chosen-token' } as never).eq('id', ids.emailList).select('id'),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'email_list_members: read workspace 1': {
      run: (a) => a.client.from('email_list_members').select('contact_id, status, consent_method').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'email_list_members: confirm a member directly': {
      run: (a) => a.client.from('email_list_members').update({ status: 'confirmed' } as never).eq('list_id', ids.emailList).select('status'),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'add_contacts_to_email_list(): workspace 1’s list, workspace 2’s contact': {
      run: (a) => a.client.rpc('add_contacts_to_email_list', { list_id: ids.emailList, contact_ids: [ids.contactOfWorkspace2] }),
      answer: (data) => `added ${(data as { added: number }).added}`,
      cells: MEMBERS_CALL('400 P0001 unknown_contacts', UNKNOWN_LIST),
    },
    'remove_contacts_from_email_list(): workspace 1’s contact': {
      run: (a) => a.client.rpc('remove_contacts_from_email_list', { list_id: ids.emailList, contact_ids: [ids.contact] }),
      answer: (data) => String(data),
      cells: MEMBERS_CALL('ok 1 → email_list_members -1', UNKNOWN_LIST),
    },
    'email_list_counts(): workspace 1': {
      run: (a) => a.client.rpc('email_list_counts', { workspace_id: world().workspace1 }),
      answer: (data) => (data as { confirmed: number }[]).map((row) => `confirmed ${row.confirmed}`).join() || 'none',
      cells: FIGURES('confirmed 1', 'none'),
    },
    'email_list_form(): workspace 1’s form token, by anyone': {
      run: (a) => a.client.rpc('email_list_form', { form_token: EMAIL_FORM_TOKEN }),
      answer: (data) => (data as { list_name: string }[]).map((row) => row.list_name).join(),
      cells: ['ok Newsletter', 'ok Newsletter', 'ok Newsletter', 'ok Newsletter', 'ok Newsletter', 'ok Newsletter', 'ok Newsletter', 'ok Newsletter'],
    },
    'email_campaigns: read workspace 1': {
      run: (a) => a.client.from('email_campaigns').select('id, status').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'email_campaigns: add a draft to workspace 1': {
      run: (a) => a.client.from('email_campaigns').insert({ organization_id: world().workspace1, name: 'Another', list_ids: [ids.emailList] }).select('id'),
      answer: 'rows',
      cells: MEMBERS_ADD('email_campaigns +1'),
    },
    'email_campaigns: mark workspace 1’s draft sent directly': {
      run: (a) => a.client.from('email_campaigns').update({ status: 'sent' } as never).eq('id', ids.emailCampaign).select('id'),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'email_campaigns: change workspace 1’s draft subject': {
      run: (a) => a.client.from('email_campaigns').update({ subject: 'Changed' }).eq('id', ids.emailCampaign).select('id'),
      answer: 'rows',
      cells: MEMBERS_CHANGE('email_campaigns ~1'),
    },
    'email_campaigns: delete workspace 1’s draft': {
      run: (a) => a.client.from('email_campaigns').delete().eq('id', ids.emailCampaign).select('id'),
      answer: 'rows',
      cells: MEMBERS_CHANGE('email_campaigns -1, email_deliveries ~1'),
    },
    // A draft names lists of its own workspace only (20261128190100): members who may edit it are refused another
    // workspace's list; everyone else reaches no row to change.
    'email_campaigns: aim workspace 1’s draft at workspace 2’s list': {
      run: (a) => a.client.from('email_campaigns').update({ list_ids: [ids.emailListOfWorkspace2] }).eq('id', ids.emailCampaign).select('id'),
      answer: 'rows',
      cells: ['400 P0001 unknown_lists', '400 P0001 unknown_lists', '400 P0001 unknown_lists', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'send_email_campaign(): workspace 1’s draft (no worker runs)': {
      run: (a) => a.client.rpc('send_email_campaign', { campaign_id: ids.emailCampaign }),
      answer: 'ok',
      cells: MEMBERS_CALL('400 P0001 sending_unavailable', UNKNOWN_CAMPAIGN),
    },
    'email_campaign_report(): workspace 1’s campaign': {
      run: (a) => a.client.rpc('email_campaign_report', { campaign_id: ids.emailCampaign }),
      answer: (data) => `sent ${(data as { sent: number }[])[0]!.sent}`,
      cells: FIGURES('sent 1', 'sent 0'),
    },
    'email_overview(): workspace 1': {
      run: (a) => a.client.rpc('email_overview', { workspace_id: world().workspace1 }),
      answer: (data) => {
        const row = (data as { subscribers: number; sent: number }[])[0]!;
        return `subscribers ${row.subscribers}, sent ${row.sent}`;
      },
      cells: FIGURES('subscribers 1, sent 1', 'subscribers 0, sent 0'),
    },
    'email_deliveries: read workspace 1': {
      run: (a) => a.client.from('email_deliveries').select('id, status, email').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: EVERY_MEMBER_READS,
    },
    'email_deliveries: forge a delivery of workspace 1': {
      run: (a) => a.client.from('email_deliveries').insert({ organization_id: world().workspace1, kind: 'campaign', email: CONTACT_EMAIL } as never).select('id'),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'email_deliveries: forge an inline automation e-mail of workspace 1 (private.send_automation_email only)': {
      run: (a) =>
        a.client
          .from('email_deliveries')
          .insert({ organization_id: world().workspace1, kind: 'automation', email: CONTACT_EMAIL, inline_subject: 'Forged', inline_blocks: [{ type: 'divider' }] } as never)
          .select('id'),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'email_deliveries: mark workspace 1’s delivery bounced directly': {
      run: (a) => a.client.from('email_deliveries').update({ bounced_at: new Date().toISOString() } as never).eq('id', ids.emailDelivery).select('id'),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'email_webhook_settings(): workspace 1’s secrets': {
      run: (a) => a.client.rpc('email_webhook_settings', { workspace_id: world().workspace1 }),
      answer: (data) => `rows ${(data as unknown[]).length}`,
      cells: ['ok rows 1', 'ok rows 1', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, NOT_SIGNED_IN],
    },
  };
}

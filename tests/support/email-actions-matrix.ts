import { GUESSED_TOKEN, NOT_MEMBER, TOO_LOW, type Operation, type World } from './tenant-matrix';
import { ids } from './workspaces';

const UNKNOWN_LIST = '400 P0001 unknown_list';
const UNKNOWN_CAMPAIGN = '400 P0001 unknown_campaign';
const NOT_SIGNED_IN = '401 42501 not_signed_in';
/** Members and up reach the function's own check on a row of workspace 1; viewers are too low; others learn nothing. */
const MEMBERS_CALL = (ok: string, unknown: string, anon = NOT_SIGNED_IN): Operation['cells'] => [ok, ok, ok, TOO_LOW, unknown, unknown, unknown, anon];
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:matrix-feedback';

/**
 * The tenant matrix's rows for the Email Platform's functions that email-matrix.ts left out (audit of issue 28): a
 * campaign's state changes, tests sent to oneself, members added from a filter or a file (their dry runs, which read
 * workspace 1's contacts), the webhook settings, and a confirmation link guessed by anyone (confirmed, or read on the
 * link's page). Workspace 1's campaign is a draft and no worker runs in the matrix, so a member reaches each function's
 * own refusal ("not sending", "no worker"): the cell shows the caller got past the workspace check, and everyone else
 * is stopped before it.
 */
export function emailActionOperations(world: World): Record<string, Operation> {
  return {
    'unschedule_email_campaign(): workspace 1’s draft': {
      run: (a) => a.client.rpc('unschedule_email_campaign', { campaign_id: ids.emailCampaign }),
      answer: 'ok',
      cells: MEMBERS_CALL('400 P0001 not_scheduled', UNKNOWN_CAMPAIGN),
    },
    'pause_email_campaign(): workspace 1’s draft': {
      run: (a) => a.client.rpc('pause_email_campaign', { campaign_id: ids.emailCampaign }),
      answer: 'ok',
      cells: MEMBERS_CALL('400 P0001 not_sending', UNKNOWN_CAMPAIGN),
    },
    'resume_email_campaign(): workspace 1’s draft': {
      run: (a) => a.client.rpc('resume_email_campaign', { campaign_id: ids.emailCampaign }),
      answer: 'ok',
      cells: MEMBERS_CALL('400 P0001 not_paused', UNKNOWN_CAMPAIGN),
    },
    'cancel_email_campaign(): workspace 1’s draft': {
      run: (a) => a.client.rpc('cancel_email_campaign', { campaign_id: ids.emailCampaign }),
      answer: 'ok',
      cells: MEMBERS_CALL('400 P0001 not_cancellable', UNKNOWN_CAMPAIGN),
    },
    'send_email_test(): workspace 1’s campaign (no worker runs)': {
      run: (a) => a.client.rpc('send_email_test', { campaign_id: ids.emailCampaign }),
      answer: 'ok',
      cells: MEMBERS_CALL('400 P0001 sending_unavailable', UNKNOWN_CAMPAIGN),
    },
    'send_email_test(): workspace 1’s template (no worker runs)': {
      run: (a) => a.client.rpc('send_email_test', { template_id: ids.emailTemplate }),
      answer: 'ok',
      cells: MEMBERS_CALL('400 P0001 sending_unavailable', '400 P0001 unknown_template', '400 P0001 unknown_template'),
    },
    'add_filtered_contacts_to_email_list(): count workspace 1’s contacts (dry run)': {
      run: (a) => a.client.rpc('add_filtered_contacts_to_email_list', { list_id: ids.emailList, lifecycle_stages: ['customer'], dry_run: true }),
      answer: (data) => `matching ${(data as { matching: number }).matching}`,
      cells: MEMBERS_CALL('ok matching 1', UNKNOWN_LIST),
    },
    'import_email_list_members(): check a file for workspace 1’s list (dry run)': {
      run: (a) => a.client.rpc('import_email_list_members', { list_id: ids.emailList, rows: [{ line: 2, email: 'new.reader@example.com' }], dry_run: true }),
      answer: 'ok',
      cells: MEMBERS_CALL('ok', UNKNOWN_LIST),
    },
    'update_email_webhook_settings(): workspace 1’s SNS topic': {
      run: (a) => a.client.rpc('update_email_webhook_settings', { workspace_id: world().workspace1, sns_topic_arn: TOPIC }),
      answer: 'ok',
      cells: ['ok', 'ok', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, NOT_SIGNED_IN],
    },
    'confirm_email_subscription(): a guessed link': {
      run: (a) => a.client.rpc('confirm_email_subscription', { token: GUESSED_TOKEN }),
      answer: 'ok',
      cells: Array(8).fill('400 P0001 invalid_token') as Operation['cells'],
    },
    'email_confirmation(): a guessed link': {
      run: (a) => a.client.rpc('email_confirmation', { token: GUESSED_TOKEN }),
      answer: 'ok',
      cells: Array(8).fill('400 P0001 invalid_token') as Operation['cells'],
    },
    'email_sending_status(): whether a worker runs': {
      run: (a) => a.client.rpc('email_sending_status'),
      answer: (data) => `worker ${(data as { worker_alive: boolean }[])[0]?.worker_alive ?? 'unknown'}`,
      // Any signed-in person learns whether this server's worker runs (nothing of a workspace); anon gets no row.
      cells: ['ok worker false', 'ok worker false', 'ok worker false', 'ok worker false', 'ok worker false', 'ok worker false', 'ok worker false', 'ok worker unknown'],
    },
  };
}

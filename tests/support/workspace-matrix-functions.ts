import { DENY_ANON, GUESSED_TOKEN, NEW_ADDRESS, NOT_MEMBER, self, TOO_LOW, userIdOf, type Operation, type World } from './tenant-matrix';
import { FUTURE_OWNER_EMAIL, ids, WORKSPACE_1_NAME } from './workspaces';

const OWNER_ONLY = '403 42501 owner_only';

/** The tenant matrix's rows for the workspace and invitation functions (called with supabase.rpc). */
export function workspaceFunctionOperations(world: World): Record<string, Operation> {
  return {
    // Workspace functions.
    'create_workspace(): a new one of one’s own (workspace 1 untouched)': {
      run: (a) => a.client.rpc('create_workspace', { name: 'Side project' }),
      answer: 'ok',
      cells: ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', DENY_ANON],
    },
    'change_member_role(): member → admin': {
      run: (a) => a.client.rpc('change_member_role', { workspace_id: world().workspace1, user_id: userIdOf(world, 'member'), access_role: 'admin' }),
      answer: 'ok',
      cells: ['ok → organization_members ~1', 'ok → organization_members ~1', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'change_member_role(): viewer → owner (owners only)': {
      run: (a) => a.client.rpc('change_member_role', { workspace_id: world().workspace1, user_id: userIdOf(world, 'viewer'), access_role: 'owner' }),
      answer: 'ok',
      cells: ['ok → organization_members ~1', '403 42501 owner_only', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'change_member_role(): raise one’s own role to owner': {
      run: (a) => a.client.rpc('change_member_role', { workspace_id: world().workspace1, user_id: self(a), access_role: 'owner' }),
      answer: 'ok',
      cells: ['ok', '403 42501 own_role', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'change_member_role(): demote the last owner': {
      run: (a) => a.client.rpc('change_member_role', { workspace_id: world().workspace1, user_id: userIdOf(world, 'owner'), access_role: 'admin' }),
      answer: 'ok',
      cells: ['400 P0001 last_owner', '403 42501 owner_only', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'remove_member(): the member': {
      run: (a) => a.client.rpc('remove_member', { workspace_id: world().workspace1, user_id: userIdOf(world, 'member') }),
      answer: 'ok',
      cells: ['ok → organization_members -1', 'ok → organization_members -1', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'remove_member(): the last owner': {
      run: (a) => a.client.rpc('remove_member', { workspace_id: world().workspace1, user_id: userIdOf(world, 'owner') }),
      answer: 'ok',
      cells: ['400 P0001 use_leave', '403 42501 owner_only', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'leave_workspace()': {
      run: (a) => a.client.rpc('leave_workspace', { workspace_id: world().workspace1 }),
      answer: 'ok',
      cells: ['400 P0001 last_owner', 'ok → organization_members -1', 'ok → organization_members -1', 'ok → organization_members -1', NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'transfer_workspace_ownership(): to the admin': {
      run: (a) => a.client.rpc('transfer_workspace_ownership', { workspace_id: world().workspace1, user_id: userIdOf(world, 'admin') }),
      answer: 'ok',
      cells: ['ok → organization_members ~2', TOO_LOW, TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'delete_workspace(): with a wrong name': {
      run: (a) => a.client.rpc('delete_workspace', { workspace_id: world().workspace1, confirm_name: 'workspace one' }),
      answer: 'ok',
      cells: ['400 P0001 name_mismatch', TOO_LOW, TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'delete_workspace(): with its name (records go with it)': {
      run: (a) => a.client.rpc('delete_workspace', { workspace_id: world().workspace1, confirm_name: WORKSPACE_1_NAME }),
      answer: 'ok',
      cells: [
        'ok → organizations -1, organization_members -4, workspace_invitations -5, invitation_tokens -5, content_items -1, campaigns -1, campaign_results -1, csv_column_mappings -1, workspace_activity_days -1, contacts -1, contact_score_rules -12, profiles ~1, workspace_blogs -1, analytics_sites -1, analytics_rollups -1, seo_sites -1, seo_audits -1, seo_search_performance -1, assets -2, asset_versions -2, asset_comments -1, asset_collections -1, webhook_endpoints -1, webhook_endpoint_credentials -1, webhook_events -1, webhook_deliveries -1, webhook_delivery_attempts -1, social_accounts -1, social_account_credentials -1, social_posts -2, social_post_channels -2, social_post_figures -1, mastodon_connections -1, social_approval_links -1, social_approval_tokens -1, ' +
          'automation_workflows -1, automation_workflow_versions -2, automation_enrollments -1, automation_step_runs -1, automation_run_log -1, member_notices -1, ' +
          'email_settings -1, email_suppressions -1, email_templates -1, email_lists -1, email_list_members -1, email_campaigns -1, email_deliveries -1',
        TOO_LOW, TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON,
      ],
    },

    // Invitations.
    'invite_to_workspace(): a new address as member': {
      run: (a) => a.client.rpc('invite_to_workspace', { workspace_id: world().workspace1, email: NEW_ADDRESS, access_role: 'member' }),
      answer: 'ok',
      cells: ['ok → workspace_invitations +1, invitation_tokens +1', 'ok → workspace_invitations +1, invitation_tokens +1', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'invite_to_workspace(): a new address as owner': {
      run: (a) => a.client.rpc('invite_to_workspace', { workspace_id: world().workspace1, email: NEW_ADDRESS, access_role: 'owner' }),
      answer: 'ok',
      cells: ['ok → workspace_invitations +1, invitation_tokens +1', '403 42501 role_too_high', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'invite_to_workspace(): a member’s address (upper case)': {
      run: (a) => a.client.rpc('invite_to_workspace', { workspace_id: world().workspace1, email: world().actors.member.user!.email.toUpperCase(), access_role: 'admin' }),
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
    // An owner invitation is managed by owners only, renewal included (issue 25, point 11: an admin renewed it as
    // a member's, became its inviter and took the fresh link).
    'invite_to_workspace(): renew the pending owner invitation as member': {
      run: (a) => a.client.rpc('invite_to_workspace', { workspace_id: world().workspace1, email: FUTURE_OWNER_EMAIL, access_role: 'member' }),
      answer: 'ok',
      cells: ['ok → workspace_invitations ~1, invitation_tokens ~1', OWNER_ONLY, TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'revoke_invitation(): the pending owner invitation': {
      run: (a) => a.client.rpc('revoke_invitation', { invitation_id: ids.invitationOwnerPending }),
      answer: 'ok',
      cells: ['ok → workspace_invitations ~1', OWNER_ONLY, TOO_LOW, TOO_LOW, '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', DENY_ANON],
    },
    'resend_invitation(): the pending owner invitation': {
      run: (a) => a.client.rpc('resend_invitation', { invitation_id: ids.invitationOwnerPending }),
      answer: 'ok',
      cells: ['ok → workspace_invitations ~1', OWNER_ONLY, TOO_LOW, TOO_LOW, '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', DENY_ANON],
    },
    'create_invitation_link(): a new link for the pending owner invitation': {
      run: (a) => a.client.rpc('create_invitation_link', { invitation_id: ids.invitationOwnerPending }),
      answer: 'ok',
      cells: ['ok → workspace_invitations ~1, invitation_tokens ~1', OWNER_ONLY, TOO_LOW, TOO_LOW, '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', '400 P0001 invitation_invalid', DENY_ANON],
    },
    'get_invitation(): the pending link (whoever holds it)': {
      run: (a) => a.client.rpc('get_invitation', { token: world().tokens.pending }).single(),
      answer: (data) => `${(data as { status: string; workspace_name: string }).status} ${(data as { workspace_name: string }).workspace_name}`,
      cells: Array(8).fill(`ok pending ${WORKSPACE_1_NAME}`) as Operation['cells'],
    },
    'get_invitation(): used, revoked, expired and guessed links': {
      run: async (a) => {
        const answers = await Promise.all(
          [world().tokens.used, world().tokens.revoked, world().tokens.expired, GUESSED_TOKEN].map((token) => a.client.rpc('get_invitation', { token }).single()),
        );
        const failed = answers.find((answer) => answer.error);
        return failed ?? { status: 200, error: null, data: answers.map((answer) => (answer.data as { status: string; email: string | null }).status + (answer.data as { email: string | null }).email) };
      },
      answer: (data) => (data as string[]).join(' '),
      cells: Array(8).fill('ok acceptednull revokednull expirednull invalidnull') as Operation['cells'],
    },
    'accept_invitation(): the pending link': {
      run: (a) => a.client.rpc('accept_invitation', { token: world().tokens.pending }),
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
      run: (a) => a.client.rpc('accept_invitation', { token: world().tokens.used }),
      answer: 'ok',
      cells: [...(Array(7).fill('400 P0001 invitation_used') as string[]), DENY_ANON] as Operation['cells'],
    },
    'accept_invitation(): a revoked link': {
      run: (a) => a.client.rpc('accept_invitation', { token: world().tokens.revoked }),
      answer: 'ok',
      cells: [...(Array(7).fill('400 P0001 invitation_revoked') as string[]), DENY_ANON] as Operation['cells'],
    },
    'accept_invitation(): an expired link': {
      run: (a) => a.client.rpc('accept_invitation', { token: world().tokens.expired }),
      answer: 'ok',
      cells: [...(Array(7).fill('400 P0001 invitation_expired') as string[]), DENY_ANON] as Operation['cells'],
    },
  };
}

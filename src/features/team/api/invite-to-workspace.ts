import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { AccessRole } from '@/config/access-roles';
import { useTeamMutation } from '@/features/team/api/use-team-mutation';

export interface InviteInput {
  workspaceId: string;
  email: string;
  accessRole: AccessRole;
}

/** invite_to_workspace(): the link's token (returned once) and whether an e-mail was queued. */
async function inviteToWorkspace(input: InviteInput) {
  const { data, error } = await supabase
    .rpc('invite_to_workspace', { workspace_id: input.workspaceId, email: input.email, access_role: input.accessRole })
    .single();
  if (error) throw toError(error);
  return { token: data.token, emailQueued: data.email_queued, email: input.email.trim().toLowerCase() };
}

export function useInviteToWorkspace() {
  return useTeamMutation({ mutationFn: inviteToWorkspace });
}

import { accessRoleLabel, type AccessRole } from '@/config/access-roles';
import { teamCopy } from '@/config/team-copy';
import { useTeamMutation } from '@/features/team/api/use-team-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface RoleChange {
  workspaceId: string;
  userId: string;
  name: string;
  accessRole: AccessRole;
}

async function changeMemberRole(change: RoleChange): Promise<void> {
  const { error } = await supabase.rpc('change_member_role', { workspace_id: change.workspaceId, user_id: change.userId, access_role: change.accessRole });
  if (error) throw toError(error);
}

export function useChangeMemberRole() {
  return useTeamMutation({ mutationFn: changeMemberRole, success: (_r, change) => teamCopy.roleChanged(change.name, accessRoleLabel(change.accessRole).toLowerCase()) });
}

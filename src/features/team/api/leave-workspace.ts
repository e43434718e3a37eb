import { teamCopy } from '@/config/team-copy';
import { useTeamMutation } from '@/features/team/api/use-team-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

async function leaveWorkspace(input: { workspaceId: string; name: string }): Promise<void> {
  const { error } = await supabase.rpc('leave_workspace', { workspace_id: input.workspaceId });
  if (error) throw toError(error);
}

export function useLeaveWorkspace() {
  return useTeamMutation({ mutationFn: leaveWorkspace, success: (_r, input) => teamCopy.left(input.name) });
}

import { teamCopy } from '@/config/team-copy';
import { useTeamMutation } from '@/features/team/api/use-team-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** delete_workspace(): owners only, confirming with the exact name; its records go with it. */
async function deleteWorkspace(input: { workspaceId: string; confirmName: string }): Promise<void> {
  const { error } = await supabase.rpc('delete_workspace', { workspace_id: input.workspaceId, confirm_name: input.confirmName });
  if (error) throw toError(error);
}

export function useDeleteWorkspace() {
  return useTeamMutation({ mutationFn: deleteWorkspace, success: (_r, input) => teamCopy.deleted(input.confirmName) });
}

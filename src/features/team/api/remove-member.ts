import { teamCopy } from '@/config/team-copy';
import { useTeamMutation } from '@/features/team/api/use-team-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

async function removeMember(input: { workspaceId: string; userId: string; name: string }): Promise<void> {
  const { error } = await supabase.rpc('remove_member', { workspace_id: input.workspaceId, user_id: input.userId });
  if (error) throw toError(error);
}

export function useRemoveMember() {
  return useTeamMutation({ mutationFn: removeMember, success: (_r, input) => teamCopy.removed(input.name) });
}

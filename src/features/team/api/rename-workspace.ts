import { teamCopy, workspaceFallbackError } from '@/config/team-copy';
import { useTeamMutation } from '@/features/team/api/use-team-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** A plain update of organizations.name: RLS lets admins and owners; anyone else changes no row. */
async function renameWorkspace(input: { workspaceId: string; name: string }): Promise<void> {
  const { data, error } = await supabase.from('organizations').update({ name: input.name }).eq('id', input.workspaceId).select('id');
  if (error) throw toError(error);
  if (data.length === 0) throw Object.assign(new Error(workspaceFallbackError), { details: 'role_too_low' });
}

export function useRenameWorkspace() {
  return useTeamMutation({ mutationFn: renameWorkspace, success: (_r, input) => teamCopy.renamed(input.name) });
}

import { workspaceTwoFactorCopy } from '@/config/security-copy';
import { useTeamMutation } from '@/features/team/api/use-team-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Owners only; turning it on needs the owner's own aal2 session (`own_two_factor_first` otherwise). */
async function setWorkspaceTwoFactor(input: { workspaceId: string; required: boolean }): Promise<void> {
  const { error } = await supabase.rpc('set_workspace_two_factor', { workspace_id: input.workspaceId, required: input.required });
  if (error) throw toError(error);
}

export function useSetWorkspaceTwoFactor() {
  return useTeamMutation({
    mutationFn: setWorkspaceTwoFactor,
    success: (_result, input) => (input.required ? workspaceTwoFactorCopy.turnedOn : workspaceTwoFactorCopy.turnedOff),
    errorMessages: { own_two_factor_first: workspaceTwoFactorCopy.ownFirst },
  });
}

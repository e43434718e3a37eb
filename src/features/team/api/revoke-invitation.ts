import { teamCopy } from '@/config/team-copy';
import { useTeamMutation } from '@/features/team/api/use-team-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

async function revokeInvitation({ id }: { id: string; email: string }): Promise<void> {
  const { error } = await supabase.rpc('revoke_invitation', { invitation_id: id });
  if (error) throw toError(error);
}

export function useRevokeInvitation() {
  return useTeamMutation({ mutationFn: revokeInvitation, success: (_result, input) => teamCopy.revoked(input.email) });
}

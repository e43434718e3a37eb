import { useTeamMutation } from '@/features/team/api/use-team-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** A new link to copy (the previously copied one stops working), valid 7 more days. Returns the token. */
async function createInvitationLink({ id }: { id: string }): Promise<string> {
  const { data, error } = await supabase.rpc('create_invitation_link', { invitation_id: id }).single();
  if (error) throw toError(error);
  return data.token;
}

export function useCreateInvitationLink() {
  return useTeamMutation({ mutationFn: createInvitationLink });
}

import { toast } from '@/lib/toast';
import { teamCopy } from '@/config/team-copy';
import { useTeamMutation } from '@/features/team/api/use-team-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Sends the e-mail again and gives the invitation 7 more days. */
async function resendInvitation({ id }: { id: string; email: string }) {
  const { data, error } = await supabase.rpc('resend_invitation', { invitation_id: id }).single();
  if (error) throw toError(error);
  return { emailQueued: data.email_queued };
}

export function useResendInvitation() {
  const mutation = useTeamMutation({ mutationFn: resendInvitation });
  return {
    ...mutation,
    resend: (input: { id: string; email: string }) =>
      mutation.mutate(input, {
        onSuccess: ({ emailQueued }) => {
          if (emailQueued) toast.success(teamCopy.resent(input.email));
          else toast.info(teamCopy.resentLinkOnly);
        },
      }),
  };
}

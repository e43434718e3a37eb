import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { inviteCopy, teamCopy } from '@/config/team-copy';
import { invitationKey } from '@/features/team/api/get-invitation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace, workspaceKeys } from '@/lib/workspace';
import { workspaceErrorMessage } from '@/lib/workspace-choice';

/** accept_invitation(token): joins, then works in the new workspace at once. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  const { select } = useWorkspace();
  return useMutation({
    mutationFn: async ({ workspaceName }: { workspaceName: string }) => {
      const { data, error } = await supabase.rpc('accept_invitation', { token });
      if (error) throw toError(error);
      return { workspaceId: data, workspaceName };
    },
    onSuccess: async ({ workspaceId, workspaceName }) => {
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      select(workspaceId);
      toast.success(inviteCopy.accepted(workspaceName));
    },
    onError: (error) => {
      toast.error(teamCopy.failed, { description: workspaceErrorMessage(error) });
      void queryClient.invalidateQueries({ queryKey: invitationKey(token) });
    },
  });
}

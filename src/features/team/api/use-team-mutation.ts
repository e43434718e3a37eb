import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { teamCopy } from '@/config/team-copy';
import { accessLostDescription } from '@/lib/access-lost';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';
import { workspaceKeys } from '@/lib/workspace';
import { workspaceErrorMessage, workspaceErrorReason } from '@/lib/workspace-choice';
import { teamKeys } from '@/lib/workspace-members';

interface TeamMutationOptions<TInput, TResult> {
  mutationFn: (input: TInput) => Promise<TResult>;
  /** The success toast; none when absent (the caller shows the result itself). */
  success?: (result: TResult, input: TInput) => string;
  /** A failure's reasons this operation words itself (others: the workspace's messages). */
  errorMessages?: Record<string, string>;
}

/**
 * A change of the team or the workspace: members, invitations and the workspace list are read again afterwards
 * (also after a failure: someone else may have changed them meanwhile); a failure says why in the user's words.
 */
export function useTeamMutation<TInput, TResult>({ mutationFn, success, errorMessages }: TeamMutationOptions<TInput, TResult>) {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  const reload = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  ]);
  return useMutation({
    mutationFn: (input: TInput) => checked(() => mutationFn(input)),
    onSuccess: async (result, input) => {
      // Awaited: the mutation stays pending until the lists show the new state.
      await reload();
      if (success) toast.success(success(result, input));
    },
    onError: (error) => {
      const own = errorMessages?.[workspaceErrorReason(error) ?? ''];
      toast.error(teamCopy.failed, { description: accessLostDescription(error) ?? own ?? workspaceErrorMessage(error) });
      void reload();
    },
  });
}

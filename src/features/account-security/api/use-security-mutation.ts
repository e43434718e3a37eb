import { useMutation, useQueryClient } from '@tanstack/react-query';
import { securityKeys } from '@/features/account-security/api/keys';
import { workspaceKeys } from '@/lib/workspace';

/**
 * A change of how the user signs in: the factors, and the workspace lists (a workspace requiring two-factor opens
 * or closes with the session's level), are read again afterwards, whatever the outcome.
 */
export function useSecurityMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.all }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
      ]),
  });
}

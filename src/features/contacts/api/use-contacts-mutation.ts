import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { contactKeys } from '@/features/contacts/api/keys';
import { contactFailureDescription } from '@/features/contacts/utils/contact-failure';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';
import { useWorkspace } from '@/lib/workspace';

interface ContactsMutationOptions<TInput, TResult> {
  mutationFn(input: TInput, workspaceId: string): Promise<TResult>;
  success(result: TResult, input: TInput): string;
  failure: string;
}

/**
 * A change of the current workspace's contacts or rules: the toasts, then the list, the rules and the Retention
 * Center's figures reload (also after a failure, so what is shown is what is stored). The caller keeps its form open
 * on failure.
 */
export function useContactsMutation<TInput, TResult>({ mutationFn, success, failure }: ContactsMutationOptions<TInput, TResult>) {
  const workspaceId = useWorkspace().current?.id ?? null;
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (input: TInput) => {
      if (!workspaceId) throw new Error(contactFailureDescription(null));
      return checked(() => mutationFn(input, workspaceId));
    },
    onSuccess: async (result, input) => {
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      toast.success(success(result, input));
    },
    onError: (error) => {
      console.error(`${failure}:`, error);
      toast.error(failure, { description: contactFailureDescription(error) });
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}

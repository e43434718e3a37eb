import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { emailKeys } from '@/features/email/api/keys';
import { emailFailureDescription } from '@/features/email/utils/email-failure';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';
import { useWorkspace } from '@/lib/workspace';

interface EmailMutationOptions<TInput, TResult> {
  mutationFn(input: TInput, workspaceId: string): Promise<TResult>;
  /** The success toast (none when it returns null). */
  success(result: TResult, input: TInput): string | null;
  failure: string;
}

/**
 * A change of the current workspace's e-mail data: the toasts, then every e-mail query reloads (also after a failure,
 * so what is shown is what is stored). The caller keeps its form open on failure.
 */
export function useEmailMutation<TInput, TResult>({ mutationFn, success, failure }: EmailMutationOptions<TInput, TResult>) {
  const workspaceId = useWorkspace().current?.id ?? null;
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (input: TInput) => {
      if (!workspaceId) throw new Error(emailFailureDescription(null));
      return checked(() => mutationFn(input, workspaceId));
    },
    onSuccess: async (result, input) => {
      await queryClient.invalidateQueries({ queryKey: emailKeys.all });
      const message = success(result, input);
      if (message) toast.success(message);
    },
    onError: (error) => {
      console.error(`${failure}:`, error);
      toast.error(failure, { description: emailFailureDescription(error) });
      void queryClient.invalidateQueries({ queryKey: emailKeys.all });
    },
  });
}

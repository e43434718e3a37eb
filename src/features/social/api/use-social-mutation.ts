import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { socialKeys } from '@/features/social/api/keys';

interface SocialMutationOptions<TInput, TResult> {
  mutationFn(input: TInput): Promise<TResult>;
  success?: (result: TResult, input: TInput) => string;
  failure: string;
}

/** A change of the workspace's social accounts or posts: both read again afterwards; a failure is a toast in the database's words. */
export function useSocialMutation<TInput, TResult>({ mutationFn, success, failure }: SocialMutationOptions<TInput, TResult>) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: socialKeys.all });
  return useMutation({
    mutationFn,
    onSuccess: async (result, input) => {
      await reload();
      if (success) toast.success(success(result, input));
    },
    onError: (error) => {
      toast.error(failure, { description: error instanceof Error ? error.message : undefined });
      void reload();
    },
  });
}

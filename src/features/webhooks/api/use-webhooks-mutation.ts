import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { webhookKeys } from '@/features/webhooks/api/keys';
import { fieldErrorOf } from '@/features/webhooks/utils/endpoint-form';

interface WebhooksMutationOptions<TInput, TResult> {
  mutationFn(input: TInput): Promise<TResult>;
  /** The success toast; none when absent. */
  success?: (result: TResult, input: TInput) => string;
  failure: string;
}

/**
 * A change of the workspace's webhooks: endpoints, secrets and the log are read again afterwards (also after a
 * failure). A refusal about a form field is left to the form (it shows it by the field); anything else is a toast.
 */
export function useWebhooksMutation<TInput, TResult>({ mutationFn, success, failure }: WebhooksMutationOptions<TInput, TResult>) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  return useMutation({
    mutationFn,
    onSuccess: async (result, input) => {
      await reload();
      if (success) toast.success(success(result, input));
    },
    onError: (error) => {
      if (!fieldErrorOf(error)) toast.error(failure, { description: error instanceof Error ? error.message : undefined });
      void reload();
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { automationKeys } from '@/features/automation/api/keys';
import { publishProblemOf } from '@/features/automation/utils/publish-error';

interface AutomationMutationOptions<TInput, TResult> {
  mutationFn(input: TInput): Promise<TResult>;
  success?: (result: TResult, input: TInput) => string;
  failure: string;
}

/**
 * A change of the workspace's workflows: workflows and counts are read again afterwards (also after a failure). A
 * graph the database refused is left to the editor (it shows the problem by its step); anything else is a toast.
 */
export function useAutomationMutation<TInput, TResult>({ mutationFn, success, failure }: AutomationMutationOptions<TInput, TResult>) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: automationKeys.all });
  return useMutation({
    mutationFn,
    onSuccess: async (result, input) => {
      await reload();
      if (success) toast.success(success(result, input));
    },
    onError: (error) => {
      if (!publishProblemOf(error)) toast.error(failure, { description: error instanceof Error ? error.message : undefined });
      void reload();
    },
  });
}

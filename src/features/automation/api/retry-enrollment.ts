import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { automationRunsCopy } from '@/config/automation-runs-copy';
import { automationKeys } from '@/features/automation/api/keys';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** retry_automation_enrollment: the failed step runs again once, through the job runner (members and up). */
async function retryEnrollment(input: { enrollmentId: string; contactName: string }): Promise<void> {
  const { error } = await supabase.rpc('retry_automation_enrollment', { enrollment_id: input.enrollmentId });
  if (error) throw toError(error);
}

/** Every refusal (not failed any more, running again already, a viewer) is a toast with the server's sentence. */
export function useRetryEnrollment() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: automationKeys.all });
  return useMutation({
    mutationFn: retryEnrollment,
    onSuccess: async (_result, input) => {
      await reload();
      toast.success(automationRunsCopy.retried(input.contactName));
    },
    onError: (error) => {
      toast.error(automationRunsCopy.retryFailed, { description: error.message });
      void reload();
    },
  });
}

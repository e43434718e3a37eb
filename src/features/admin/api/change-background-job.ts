import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { jobsCopy } from '@/config/jobs-copy';
import { adminSupabase } from '@/lib/supabase';
import { logged } from './data-layer';
import { adminFailureDescription } from './failure-description';
import { adminKeys } from './keys';

export type JobAction = 'retry' | 'cancel';

export interface JobChange {
  id: string;
  action: JobAction;
  /** What the toast says when it worked. */
  done: string;
}

/** admin_retry_background_job / admin_cancel_background_job (the database checks the site admin). */
export function changeBackgroundJob({ id, action }: JobChange): Promise<void> {
  return logged(`${action === 'retry' ? 'retrying' : 'cancelling'} a background job`, async () => {
    const { error } = await adminSupabase.rpc(action === 'retry' ? 'admin_retry_background_job' : 'admin_cancel_background_job', { job_id: id });
    if (error) throw error;
  });
}

/** Why a change was refused, in the page's words: the job started meanwhile, or is gone. */
export function jobChangeFailure(error: unknown): string {
  const details = error && typeof error === 'object' && 'details' in error ? String(error.details) : '';
  if (details === 'job_running') return jobsCopy.startedMeanwhile;
  if (details === 'job_not_found') return jobsCopy.goneMeanwhile;
  return adminFailureDescription(error);
}

/** Retries or cancels a job; the list and the figures reload either way. */
export function useChangeBackgroundJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBackgroundJob,
    onSuccess: (_data, change) => {
      toast.success(change.done);
    },
    onError: (error) => {
      toast.error(jobsCopy.actionFailed, { description: jobChangeFailure(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs() }),
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { JobStateFilter } from '@/features/admin/components/jobs/jobs.utils';
import { unwrap } from '@/lib/errors';
import { adminSupabase } from '@/lib/supabase';
import type { Database } from '@/types/database';
import { adminKeys } from './keys';

export type BackgroundJob = Database['public']['Functions']['admin_background_jobs']['Returns'][number];

/** The page shows at most this many jobs of a state (the most pressing first). */
export const BACKGROUND_JOBS_LIMIT = 200;
/** How often the page looks again while it is open. */
export const BACKGROUND_WORK_REFRESH_MS = 5_000;

async function getBackgroundJobs(state: JobStateFilter): Promise<BackgroundJob[]> {
  return unwrap(await adminSupabase.rpc('admin_background_jobs', { job_state: state, max_rows: BACKGROUND_JOBS_LIMIT })) ?? [];
}

/** The jobs of one state (or all), looked at again every few seconds; the list shown stays while another state loads. */
export function useBackgroundJobs(state: JobStateFilter) {
  return useQuery({
    queryKey: adminKeys.jobList(state),
    queryFn: () => getBackgroundJobs(state),
    placeholderData: keepPreviousData,
    refetchInterval: BACKGROUND_WORK_REFRESH_MS,
  });
}

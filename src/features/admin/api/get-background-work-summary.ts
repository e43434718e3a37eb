import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { adminSupabase } from '@/lib/supabase';
import type { Database } from '@/types/database';
import { BACKGROUND_WORK_REFRESH_MS } from './get-background-jobs';
import { adminKeys } from './keys';

export type BackgroundWorkSummary = Database['public']['Functions']['admin_background_work_summary']['Returns'][number];

async function getBackgroundWorkSummary(): Promise<BackgroundWorkSummary | null> {
  const rows = unwrap(await adminSupabase.rpc('admin_background_work_summary')) ?? [];
  return rows[0] ?? null;
}

/** How many jobs are in each state and how many workers run, looked at again every few seconds. */
export function useBackgroundWorkSummary() {
  return useQuery({ queryKey: adminKeys.jobSummary(), queryFn: getBackgroundWorkSummary, refetchInterval: BACKGROUND_WORK_REFRESH_MS });
}

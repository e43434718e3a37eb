import { queryOptions, useQuery } from '@tanstack/react-query';
import { automationKeys } from '@/features/automation/api/keys';
import type { StepType } from '@/features/automation/utils/workflow-graph';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** The kinds of step that act on a contact or a person (waits, conditions, splits and ends only route a run). */
export const ACTION_STEP_TYPES: readonly StepType[] = ['add_tag', 'remove_tag', 'set_stage', 'adjust_score', 'notify', 'set_owner', 'webhook', 'send_email'];

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The module page's "Actions this week" (issue 29 §8): the workspace's action steps done in the last 7 days, counted
 * from its step runs (kept as long as their runs; RLS leaves other workspaces out). A count only: no rows travel.
 */
async function getActionsThisWeek(workspaceId: string, now: number): Promise<number> {
  const { count, error } = await supabase
    .from('automation_step_runs')
    .select('id', { count: 'exact', head: true })
    .eq('organization_id', workspaceId)
    .eq('status', 'done')
    .in('step_type', ACTION_STEP_TYPES)
    .gte('finished_at', new Date(now - WEEK_MS).toISOString());
  if (error) throw toError(error);
  return count ?? 0;
}

export function actionsThisWeekQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: automationKeys.actionsThisWeek(workspaceId),
    queryFn: () => getActionsThisWeek(workspaceId, Date.now()),
    refetchInterval: 60_000,
  });
}

export function useActionsThisWeek(workspaceId: string, enabled: boolean) {
  return useQuery({ ...actionsThisWeekQueryOptions(workspaceId), enabled: enabled && workspaceId !== '' });
}

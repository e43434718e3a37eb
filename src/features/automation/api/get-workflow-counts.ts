import { queryOptions, useQuery } from '@tanstack/react-query';
import { automationKeys } from '@/features/automation/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface WorkflowCounts {
  entered: number;
  active: number;
  finished: number;
  exited: number;
  failed: number;
  /** Runs that exited because the contact met the workflow's goal. */
  goals: number;
  /** Step id → contacts at it now (waiting, or about to be taken). */
  atStep: Record<string, number>;
}

/** Per workflow of the workspace, from its runs (automation_workflow_counts). */
async function getWorkflowCounts(workspaceId: string): Promise<Map<string, WorkflowCounts>> {
  const rows = unwrap(await supabase.rpc('automation_workflow_counts', { workspace_id: workspaceId })) ?? [];
  return new Map(
    rows.map((row) => [
      row.workflow_id,
      { entered: row.entered, active: row.active, finished: row.finished, exited: row.exited, failed: row.failed, goals: row.goals, atStep: (row.at_step ?? {}) as Record<string, number> },
    ]),
  );
}

export function workflowCountsQueryOptions(workspaceId: string) {
  return queryOptions({ queryKey: automationKeys.counts(workspaceId), queryFn: () => getWorkflowCounts(workspaceId), refetchInterval: 15_000 });
}

export function useWorkflowCounts(workspaceId: string) {
  return useQuery(workflowCountsQueryOptions(workspaceId));
}

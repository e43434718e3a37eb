import { queryOptions, useQuery } from '@tanstack/react-query';
import { automationKeys } from '@/features/automation/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface FailedRun {
  enrollmentId: string;
  contactName: string;
  stepId: string | null;
  error: string | null;
  failedAt: string | null;
}

/** A workflow's failed runs, newest first (automation_failed_runs: the contact, the step that failed, its error). */
async function getFailedRuns(workflowId: string): Promise<FailedRun[]> {
  const rows = unwrap(await supabase.rpc('automation_failed_runs', { workflow_id: workflowId })) ?? [];
  return rows.map((row) => ({ enrollmentId: row.enrollment_id, contactName: row.contact_name, stepId: row.step_id, error: row.error, failedAt: row.failed_at }));
}

export function failedRunsQueryOptions(workspaceId: string, workflowId: string) {
  return queryOptions({ queryKey: automationKeys.failedRuns(workspaceId, workflowId), queryFn: () => getFailedRuns(workflowId) });
}

export function useFailedRuns(workspaceId: string, workflowId: string) {
  return useQuery(failedRunsQueryOptions(workspaceId, workflowId));
}

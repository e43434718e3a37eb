import { queryOptions, useQuery } from '@tanstack/react-query';
import { automationKeys } from '@/features/automation/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface TimelineEntry {
  enrollmentId: string;
  workflowName: string;
  /** entered; a step's status (waiting, done, skipped, failed); the run's end (run_finished, run_exited, run_failed). */
  kind: string;
  stepId: string | null;
  stepType: string | null;
  outcome: string | null;
  error: string | null;
  dueAt: string | null;
  at: string;
}

export interface TimelineRun {
  enrollmentId: string;
  workflowName: string;
  entries: TimelineEntry[];
}

/** A contact's workflows and steps (automation_contact_timeline, oldest first), grouped by run, latest run first. */
async function getContactTimeline(contactId: string): Promise<TimelineRun[]> {
  const rows = unwrap(await supabase.rpc('automation_contact_timeline', { contact_id: contactId })) ?? [];
  const runs = new Map<string, TimelineRun>();
  for (const row of rows) {
    const run = runs.get(row.enrollment_id) ?? { enrollmentId: row.enrollment_id, workflowName: row.workflow_name, entries: [] };
    run.entries.push({
      enrollmentId: row.enrollment_id, workflowName: row.workflow_name, kind: row.kind, stepId: row.step_id, stepType: row.step_type,
      outcome: row.outcome, error: row.error, dueAt: row.due_at, at: row.at,
    });
    runs.set(row.enrollment_id, run);
  }
  return [...runs.values()].reverse();
}

export function contactTimelineQueryOptions(workspaceId: string, contactId: string) {
  return queryOptions({ queryKey: automationKeys.contactTimeline(workspaceId, contactId), queryFn: () => getContactTimeline(contactId) });
}

export function useContactTimeline(workspaceId: string, contactId: string) {
  return useQuery(contactTimelineQueryOptions(workspaceId, contactId));
}

import { useQuery } from '@tanstack/react-query';
import { automationCopy } from '@/config/automation-copy';
import { automationKeys } from '@/features/automation/api/keys';
import { useAutomationMutation } from '@/features/automation/api/use-automation-mutation';
import { enrollmentFilterParam, enrollmentSummary, type EnrollmentCounts, type EnrollmentFilter } from '@/features/automation/utils/manual-enrollment';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** enroll_contacts_in_automation: the workspace's contacts matching the filter into the published workflow (dry run: counted only). */
async function enrollContacts(input: { workflowId: string; filter: EnrollmentFilter; dryRun: boolean }): Promise<EnrollmentCounts> {
  const { data, error } = await supabase.rpc('enroll_contacts_in_automation', {
    workflow_id: input.workflowId,
    filter: enrollmentFilterParam(input.filter),
    dry_run: input.dryRun,
  });
  if (error) throw toError(error);
  return data as unknown as EnrollmentCounts;
}

/** The count shown before confirming, read again whenever the filter changes. */
export function useEnrollmentCount(workspaceId: string, workflowId: string, filter: EnrollmentFilter, enabled: boolean) {
  return useQuery({
    queryKey: [...automationKeys.workspace(workspaceId), 'enrollment-count', workflowId, enrollmentFilterParam(filter)],
    queryFn: () => enrollContacts({ workflowId, filter, dryRun: true }),
    enabled,
    staleTime: 0,
  });
}

export function useEnrollContacts() {
  return useAutomationMutation({
    mutationFn: (input: { workflowId: string; filter: EnrollmentFilter }) => enrollContacts({ ...input, dryRun: false }),
    success: (counts) => enrollmentSummary(counts, true),
    failure: automationCopy.enrollFailed,
  });
}

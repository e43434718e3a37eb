import { automationCopy } from '@/config/automation-copy';
import { useAutomationMutation } from '@/features/automation/api/use-automation-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

/** set_automation_workflow_paused: no new enrollments while paused, and runs in flight hold; resuming lets them go on. */
async function setWorkflowPaused(input: { workflowId: string; paused: boolean }): Promise<Tables<'automation_workflows'>> {
  const { data, error } = await supabase.rpc('set_automation_workflow_paused', { workflow_id: input.workflowId, paused: input.paused });
  if (error) throw toError(error);
  return data;
}

export function useSetWorkflowPaused() {
  return useAutomationMutation({ mutationFn: setWorkflowPaused, success: (_result, input) => (input.paused ? automationCopy.paused : automationCopy.resumed), failure: automationCopy.pauseFailed });
}

import { automationCopy } from '@/config/automation-copy';
import { useAutomationMutation } from '@/features/automation/api/use-automation-mutation';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Deletes a workflow with its versions and runs (RLS: members of its workspace). */
async function deleteWorkflow(workflowId: string): Promise<void> {
  const rows = unwrap(await supabase.from('automation_workflows').delete().eq('id', workflowId).select('id'));
  if (!rows?.length) throw new Error(automationCopy.deleteGone);
}

export function useDeleteWorkflow() {
  return useAutomationMutation({ mutationFn: deleteWorkflow, success: () => automationCopy.deleted, failure: automationCopy.deleteFailed });
}

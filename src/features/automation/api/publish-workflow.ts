import { automationCopy } from '@/config/automation-copy';
import { saveWorkflowDraft } from '@/features/automation/api/save-workflow-draft';
import { useAutomationMutation } from '@/features/automation/api/use-automation-mutation';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export interface PublishInput {
  workflowId: string;
  /** The editor's graph, saved as the draft first (nothing typed is lost when publishing is refused). */
  graph: WorkflowGraph;
}

/** Saves the draft, then publish_automation_workflow (which validates it and names the step at fault). */
async function publishWorkflow(input: PublishInput): Promise<Tables<'automation_workflows'>> {
  await saveWorkflowDraft(input);
  const { data, error } = await supabase.rpc('publish_automation_workflow', { workflow_id: input.workflowId });
  if (error) throw toError(error);
  return data;
}

export function usePublishWorkflow() {
  return useAutomationMutation({ mutationFn: publishWorkflow, success: () => automationCopy.published, failure: automationCopy.publishFailed });
}

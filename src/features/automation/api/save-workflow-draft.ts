import { automationCopy } from '@/config/automation-copy';
import { useAutomationMutation } from '@/features/automation/api/use-automation-mutation';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Json, Tables } from '@/types/database';

export interface SaveDraftInput {
  workflowId: string;
  graph: WorkflowGraph;
}

/** save_automation_draft: the draft (a new version beside a published one, which keeps running). */
export async function saveWorkflowDraft(input: SaveDraftInput): Promise<Tables<'automation_workflow_versions'>> {
  const { data, error } = await supabase.rpc('save_automation_draft', { workflow_id: input.workflowId, graph: input.graph as unknown as Json });
  if (error) throw toError(error);
  return data;
}

export function useSaveWorkflowDraft() {
  return useAutomationMutation({ mutationFn: saveWorkflowDraft, success: () => automationCopy.draftSaved, failure: automationCopy.saveFailed });
}

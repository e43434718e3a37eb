import { automationCopy } from '@/config/automation-copy';
import { useAutomationMutation } from '@/features/automation/api/use-automation-mutation';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Json, Tables } from '@/types/database';

export interface CreateWorkflowInput {
  workspaceId: string;
  name: string;
  graph: WorkflowGraph;
}

/** create_automation_workflow: a workflow with its first draft. */
async function createWorkflow(input: CreateWorkflowInput): Promise<Tables<'automation_workflows'>> {
  const { data, error } = await supabase.rpc('create_automation_workflow', { workspace_id: input.workspaceId, name: input.name, graph: input.graph as unknown as Json });
  if (error) throw toError(error);
  return data;
}

export function useCreateWorkflow() {
  return useAutomationMutation({ mutationFn: createWorkflow, success: (_result, input) => automationCopy.created(input.name), failure: automationCopy.createFailed });
}

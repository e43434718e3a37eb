import { expect } from 'vitest';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import type { SignedInUser } from './rest-clients';

/** A draft workflow of the user's workspace, through supabase-js. */
export async function createWorkflow(user: SignedInUser, body: WorkflowGraph, name = 'Workflow'): Promise<string> {
  const { data, error } = await user.client.rpc('create_automation_workflow', { workspace_id: user.organizationId, name, graph: body as never });
  expect(error).toBeNull();
  return data!.id;
}

/** A workflow created and published; the publish error (null when it went live) and the workflow's id. */
export async function publishWorkflowResult(user: SignedInUser, body: WorkflowGraph, name = 'Workflow') {
  const id = await createWorkflow(user, body, name);
  const { error } = await user.client.rpc('publish_automation_workflow', { workflow_id: id });
  return { id, error };
}

/** A contact of the user's workspace, through supabase-js. */
export async function addContact(user: SignedInUser, fields: Record<string, unknown>): Promise<string> {
  const { data, error } = await user.client.from('contacts').insert({ organization_id: user.organizationId, ...fields } as never).select('id').single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

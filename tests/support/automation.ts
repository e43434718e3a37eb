import { expect } from 'vitest';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import type { SignedInUser } from './rest-clients';
import type { TestServer } from './test-server';

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

/** A workflow created and published; fails the test when publishing is refused. */
export async function publishWorkflow(user: SignedInUser, body: WorkflowGraph, name = 'Workflow'): Promise<string> {
  const { id, error } = await publishWorkflowResult(user, body, name);
  expect(error).toBeNull();
  return id;
}

/** Runs the server's job runner until nothing is due, four rounds (a step's job queues the next one). */
export async function drainJobs(server: TestServer): Promise<void> {
  for (let round = 0; round < 4; round += 1) await server.app.jobRunner!()!.drain(60_000);
}

/** A contact of the user's workspace, through supabase-js. */
export async function addContact(user: SignedInUser, fields: Record<string, unknown>): Promise<string> {
  const { data, error } = await user.client.from('contacts').insert({ organization_id: user.organizationId, ...fields } as never).select('id').single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

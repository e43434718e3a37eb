import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph, WorkflowStep } from '../../src/features/automation/utils/workflow-graph';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Automation's "change owner" step and a workflow's goal (issue 29) through supabase-js against the real server, its
 * job runner and PostgreSQL: publishing names a step whose new owner is not a member of the workspace; a run sets the
 * owner, or skips a member who left; a contact that meets the goal exits the run (when its next step runs, and at the
 * moment the contact changes) and counts as a goal conversion.
 */

let server: TestServer;
let owner: SignedInUser;
let colleague: SignedInUser;
let other: SignedInUser;

const drain = async () => {
  for (let round = 0; round < 4; round += 1) await server.app.jobRunner!()!.drain();
};

const graph = (steps: WorkflowStep[], extra: Partial<WorkflowGraph> = {}): WorkflowGraph => ({ trigger: { type: 'contact_created' }, enrollment: 'once', steps, ...extra });

async function createWorkflow(user: SignedInUser, body: WorkflowGraph): Promise<string> {
  const { data, error } = await user.client.rpc('create_automation_workflow', { workspace_id: user.organizationId, name: 'Steps', graph: body as never });
  expect(error).toBeNull();
  return data!.id;
}

async function publishWorkflow(user: SignedInUser, body: WorkflowGraph): Promise<string> {
  const id = await createWorkflow(user, body);
  const { error } = await user.client.rpc('publish_automation_workflow', { workflow_id: id });
  expect(error).toBeNull();
  return id;
}

async function publishError(user: SignedInUser, body: WorkflowGraph) {
  const id = await createWorkflow(user, body);
  const { error } = await user.client.rpc('publish_automation_workflow', { workflow_id: id });
  return { code: error?.code, details: error?.details, hint: error?.hint, message: error?.message };
}

async function addContact(user: SignedInUser, fields: Record<string, unknown>): Promise<string> {
  const { data, error } = await user.client.from('contacts').insert({ organization_id: user.organizationId, ...fields } as never).select('id').single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

const enrollmentOf = async (workflowId: string, contactId: string) => {
  const [row] = await server.sql<{ id: string; status: string; exit_reason: string | null; current_step: string | null }[]>`
    select id, status, exit_reason, current_step from public.automation_enrollments where workflow_id = ${workflowId} and contact_id = ${contactId}`;
  return { ...row! };
};

const stepRuns = (enrollmentId: string) =>
  server.sql<{ step_id: string; status: string; outcome: string | null }[]>`
    select step_id, status, outcome from public.automation_step_runs where enrollment_id = ${enrollmentId} order by id`.then((rows) => rows.map((row) => ({ ...row })));

const ownerOf = async (contactId: string) => (await server.sql<{ owner_id: string | null }[]>`select owner_id from public.contacts where id = ${contactId}`)[0]!.owner_id;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
  colleague = await signedInUser(server);
  other = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${colleague.id}, 'member')`;
});

afterAll(async () => {
  await server?.close();
});

describe('the change owner step', () => {
  const ownerStep = (member: string): WorkflowStep[] => [{ id: 'hand-over', type: 'set_owner', member, next: 'done' }, { id: 'done', type: 'end' }];

  it('cannot be published with a member of another workspace, a non-member or no member, and names the step', async () => {
    expect(await publishError(owner, graph(ownerStep(other.id)))).toMatchObject({ code: 'P0001', details: 'foreign_member', hint: 'hand-over' });
    expect((await publishError(owner, graph(ownerStep(other.id)))).message).toContain('hand-over');
    expect(await publishError(owner, graph(ownerStep('00000000-0000-4000-8000-000000000000')))).toMatchObject({ details: 'foreign_member', hint: 'hand-over' });
    expect(await publishError(owner, graph(ownerStep('')))).toMatchObject({ details: 'member_missing', hint: 'hand-over' });
  });

  it('makes the named member of the workspace the contact’s owner', async () => {
    const user = await signedInUser(server);
    const teammate = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${user.organizationId}, ${teammate.id}, 'member')`;
    const workflow = await publishWorkflow(user, graph(ownerStep(teammate.id)));
    const contactId = await addContact(user, { first_name: 'Olga', owner_id: user.id });
    await drain();

    const run = await enrollmentOf(workflow, contactId);
    expect(run.status).toBe('finished');
    expect(await stepRuns(run.id)).toEqual([{ step_id: 'hand-over', status: 'done', outcome: 'done' }, { step_id: 'done', status: 'done', outcome: 'end' }]);
    expect(await ownerOf(contactId)).toBe(teammate.id);
  });

  it('skips a member who left the workspace since it was published, and keeps the owner', async () => {
    const user = await signedInUser(server);
    const leaver = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${user.organizationId}, ${leaver.id}, 'member')`;
    const workflow = await publishWorkflow(user, graph(ownerStep(leaver.id)));
    await server.sql`delete from public.organization_members where organization_id = ${user.organizationId} and user_id = ${leaver.id}`;
    const contactId = await addContact(user, { first_name: 'Pia', owner_id: user.id });
    await drain();

    const run = await enrollmentOf(workflow, contactId);
    expect(run.status).toBe('finished');
    expect((await stepRuns(run.id))[0]).toEqual({ step_id: 'hand-over', status: 'skipped', outcome: 'not_a_member' });
    expect(await ownerOf(contactId)).toBe(user.id);
  });
});

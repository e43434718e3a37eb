import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import { addContact, createWorkflow, drainJobs, publishWorkflow } from '../support/automation';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * The "contact field changed" trigger of automation workflows (issue 29 §2): a change of a contact's lifecycle stage,
 * owner, company or job title (to a given value, or any) starts the workflows of the contact's workspace naming that
 * field only; publishing refuses a field outside the list and a value that cannot be. Real server, real PostgreSQL,
 * supabase-js, the server's own job runner.
 */

let server: TestServer;
let owner: SignedInUser;
let stranger: SignedInUser;

const drain = () => drainJobs(server);

const tagging = (trigger: WorkflowGraph['trigger'], tag: string): WorkflowGraph => ({
  trigger,
  enrollment: 'once',
  steps: [{ id: 'tag', type: 'add_tag', tag, next: 'done' }, { id: 'done', type: 'end' }],
});

async function updateContact(user: SignedInUser, id: string, fields: Record<string, unknown>): Promise<void> {
  const { error } = await user.client.from('contacts').update(fields as never).eq('id', id);
  expect(error).toBeNull();
}

const enrolledIn = async (workflowId: string) =>
  (await server.sql<{ contact_id: string }[]>`
    select contact_id from public.automation_enrollments where workflow_id = ${workflowId} order by entered_at`).map((row) => row.contact_id);

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
  stranger = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

describe('the "contact field changed" trigger', () => {
  it('enrolls a contact whose lifecycle stage changes to the named stage, and not on another change', async () => {
    const toCustomer = await publishWorkflow(owner, tagging({ type: 'field_changed', field: 'lifecycle_stage', to: 'customer' }, 'became-customer'));
    const anyTitle = await publishWorkflow(owner, tagging({ type: 'field_changed', field: 'job_title', to: null }, 'new-title'));
    const [{ trigger_type, trigger_value }] = await server.sql`select trigger_type, trigger_value from public.automation_workflows where id = ${toCustomer}`;
    expect({ trigger_type, trigger_value }).toEqual({ trigger_type: 'field_changed', trigger_value: 'lifecycle_stage' });

    const buyer = await addContact(owner, { email: uniqueEmail('field-buyer'), lifecycle_stage: 'lead' });
    const lead = await addContact(owner, { email: uniqueEmail('field-lead'), lifecycle_stage: 'subscriber' });
    const promoted = await addContact(owner, { email: uniqueEmail('field-promoted'), job_title: 'Analyst' });
    await drain();
    expect(await enrolledIn(toCustomer)).toEqual([]);

    await updateContact(owner, buyer, { lifecycle_stage: 'customer' });
    await updateContact(owner, lead, { lifecycle_stage: 'lead' });
    await updateContact(owner, promoted, { job_title: 'Head of Analytics' });
    // A change of another field is no change of the named one.
    await updateContact(owner, lead, { notes: 'Called' });
    await drain();
    expect(await enrolledIn(toCustomer)).toEqual([buyer]);
    expect(await enrolledIn(anyTitle)).toEqual([promoted]);
    const events = await server.sql`
      select subject_id, payload from private.workspace_events where workspace_id = ${owner.organizationId} and type = 'contact.field_changed' and subject_id = ${buyer}`;
    expect(events.map((event) => ({ ...event }))).toEqual([{ subject_id: buyer, payload: { changes: { lifecycle_stage: 'customer' } } }]);
  });

  it('enrolls on a change of owner to the named member', async () => {
    const workflow = await publishWorkflow(owner, tagging({ type: 'field_changed', field: 'owner_id', to: owner.id }, 'mine'));
    const contact = await addContact(owner, { email: uniqueEmail('field-owner') });
    await updateContact(owner, contact, { owner_id: owner.id });
    await drain();
    expect(await enrolledIn(workflow)).toEqual([contact]);
  });

  it('refuses to publish a field outside the list or a value that cannot be, naming the problem', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'field_changed', field: 'email', to: null }, 'trigger_field_unknown'],
      [{ type: 'field_changed' }, 'trigger_field_unknown'],
      [{ type: 'field_changed', field: 'lifecycle_stage', to: 'royalty' }, 'trigger_value_invalid'],
      [{ type: 'field_changed', field: 'owner_id', to: stranger.id }, 'trigger_value_invalid'],
      [{ type: 'field_changed', field: 'company', to: 'x'.repeat(121) }, 'trigger_value_invalid'],
      [{ type: 'field_changed', field: 'company', to: 7 }, 'trigger_value_invalid'],
    ];
    for (const [trigger, problem] of cases) {
      const id = await createWorkflow(owner, tagging(trigger as never, 'bad'));
      const { error } = await owner.client.rpc('publish_automation_workflow', { workflow_id: id });
      expect(error, JSON.stringify(trigger)).toMatchObject({ code: 'P0001', details: problem });
    }
    const id = await createWorkflow(owner, tagging({ type: 'field_changed', field: 'email' } as never, 'bad'));
    expect((await owner.client.rpc('publish_automation_workflow', { workflow_id: id })).error?.message).toBe(
      'Choose the contact field whose change starts the workflow: lifecycle stage, owner, company or job title.',
    );
  });

  it('never enrolls a contact of another workspace: B’s stage change does not start A’s workflow', async () => {
    const workflow = await publishWorkflow(owner, tagging({ type: 'field_changed', field: 'lifecycle_stage', to: 'customer' }, 'foreign'));
    const bContact = await addContact(stranger, { email: uniqueEmail('field-b'), lifecycle_stage: 'lead' });
    // B has no field_changed workflow: its change records nothing…
    await updateContact(stranger, bContact, { lifecycle_stage: 'customer' });
    expect(await server.sql`select 1 from private.workspace_events where type = 'contact.field_changed' and subject_id = ${bContact}`).toHaveLength(0);
    // …and with one, the event is B's own and enrolls into B's workflow only.
    const bWorkflow = await publishWorkflow(stranger, tagging({ type: 'field_changed', field: 'lifecycle_stage', to: 'churned' }, 'b-only'));
    await updateContact(stranger, bContact, { lifecycle_stage: 'churned' });
    await drain();
    expect(await enrolledIn(workflow)).toEqual([]);
    expect(await enrolledIn(bWorkflow)).toEqual([bContact]);
    const [event] = await server.sql<{ id: string; workspace_id: string }[]>`
      select id, workspace_id from private.workspace_events where type = 'contact.field_changed' and subject_id = ${bContact}`;
    expect(event!.workspace_id).toBe(stranger.organizationId);
    // B's event handed to A's enrollment is refused; an event of A naming B's contact enrolls nobody.
    await expect(server.sql`select private.automation_enroll_for_event(${owner.organizationId}, ${event!.id})`).rejects.toMatchObject({ code: '42501' });
    const [forged] = await server.sql<{ id: string }[]>`
      select private.record_workspace_event(${owner.organizationId}, 'contact.field_changed', ${bContact}, ${server.sql.json({ changes: { lifecycle_stage: 'customer' } })}) as id`;
    await drain();
    expect(forged).toBeDefined();
    expect(await enrolledIn(workflow)).toEqual([]);
  });
});

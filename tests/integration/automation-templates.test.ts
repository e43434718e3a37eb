import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowTemplates } from '../../src/features/automation/utils/workflow-templates';
import { addContact, drainJobs, publishWorkflow, publishWorkflowResult } from '../support/automation';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The templates to start from (issue 29 §7) publish as they are, and the hot-lead alert does what it says: a contact
 * who turns hot is tagged and its owner gets an in-app notice. Real server, its job runner, supabase-js.
 */

let server: TestServer;
let owner: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

describe('the workflow templates', () => {
  it.each(workflowTemplates.map((template) => [template.name, template] as const))('“%s” publishes as it is', async (_name, template) => {
    const { error } = await publishWorkflowResult(owner, template.graph, template.name);
    expect(error).toBeNull();
  });

  it('the hot-lead alert tags a contact who turns hot and tells its owner, in the app', async () => {
    const user = await signedInUser(server);
    const template = workflowTemplates.find((entry) => entry.id === 'hot_lead_alert')!;
    await publishWorkflow(user, template.graph, template.name);
    const contactId = await addContact(user, { first_name: 'Hope', last_name: 'Hot', owner_id: user.id });
    await drainJobs(server);
    expect((await server.sql`select 1 from public.member_notices where contact_id = ${contactId}`).length).toBe(0);
    await user.client.from('contacts').update({ score_adjustment: 90 }).eq('id', contactId);
    await drainJobs(server);
    const [contact] = await server.sql<{ tags: string[]; score_band: string }[]>`select tags, score_band from public.contacts where id = ${contactId}`;
    expect({ ...contact }).toEqual({ tags: ['hot-lead'], score_band: 'hot' });
    const { data: notices } = await user.client.from('member_notices').select('title, body').eq('contact_id', contactId);
    expect(notices).toEqual([{ title: 'Hot-lead alert to the owner: Hope Hot', body: 'This contact just turned hot: follow up today.' }]);
  });
});

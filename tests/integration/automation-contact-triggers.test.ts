import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import { addContact, drainJobs, publishWorkflow, publishWorkflowResult } from '../support/automation';
import { createList } from '../support/email';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * Two triggers of issue 29 §2 (decision 0023, session 15), through supabase-js against the real server and its job
 * runner: "a tag is removed" (a named tag, or any) and "a form is submitted" by a contact who already exists (the
 * Email Platform's public subscribe form, sent by the anonymous visitor), once per submission. Each fires in the
 * contact's workspace only: an event of workspace B never enrolls a contact of workspace A.
 */

let server: TestServer;
let owner: SignedInUser;
let stranger: SignedInUser;

const tagging = (trigger: WorkflowGraph['trigger'], tag: string, enrollment: WorkflowGraph['enrollment'] = 'once'): WorkflowGraph => ({
  trigger,
  enrollment,
  steps: [{ id: 'tag', type: 'add_tag', tag, next: 'done' }, { id: 'done', type: 'end' }],
});

const enrolled = (workflowId: string) =>
  server.sql<{ contact_id: string; status: string }[]>`
    select contact_id, status from public.automation_enrollments where workflow_id = ${workflowId} order by entered_at, id`.then((rows) => rows.map((row) => ({ ...row })));

const tagsOf = async (contactId: string) => (await server.sql<{ tags: string[] }[]>`select tags from public.contacts where id = ${contactId}`)[0]!.tags;

const eventsOf = (type: string, contactId: string) =>
  server.sql<{ workspace_id: string; payload: unknown }[]>`
    select workspace_id, payload from private.workspace_events where type = ${type} and subject_id = ${contactId} order by id`.then((rows) => rows.map((row) => ({ ...row })));

const setTags = async (user: SignedInUser, contactId: string, tags: string[]) => {
  expect((await user.client.from('contacts').update({ tags }).eq('id', contactId)).error).toBeNull();
};

/** The anonymous visitor sends a list's public subscribe form. */
const submitForm = async (formToken: string, email: string) => {
  const { error } = await server.client().rpc('subscribe_to_email_list', { form_token: formToken, email, first_name: 'Visitor' });
  expect(error).toBeNull();
};

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
  stranger = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await server.sql`delete from private.rate_limits`;
});

describe('the "tag removed" trigger', () => {
  it('enrolls when the named tag is taken off, not when another tag is taken off or a tag is added', async () => {
    const workflow = await publishWorkflow(owner, tagging({ type: 'tag_removed', tag: 'trial' }, 'trial-ended'));
    const [{ trigger_value }] = await server.sql`select trigger_value from public.automation_workflows where id = ${workflow}`;
    expect(trigger_value).toBe('trial');
    const contact = await addContact(owner, { first_name: 'Tess', tags: ['trial', 'beta'] });
    await setTags(owner, contact, ['trial']);
    await setTags(owner, contact, ['trial', 'vip']);
    await drainJobs(server);
    expect(await enrolled(workflow)).toEqual([]);

    await setTags(owner, contact, ['vip']);
    await drainJobs(server);
    expect(await enrolled(workflow)).toEqual([{ contact_id: contact, status: 'finished' }]);
    expect(await tagsOf(contact)).toEqual(['vip', 'trial-ended']);
    expect(await eventsOf('contact.tag_removed', contact)).toEqual([
      { workspace_id: owner.organizationId, payload: { tags: ['beta'] } },
      { workspace_id: owner.organizationId, payload: { tags: ['trial'] } },
    ]);
  });

  it('with no tag named, enrolls on the removal of any tag', async () => {
    const workflow = await publishWorkflow(owner, tagging({ type: 'tag_removed', tag: null }, 'lost-a-tag', 'again_after_exit'));
    const [{ trigger_value }] = await server.sql`select trigger_value from public.automation_workflows where id = ${workflow}`;
    expect(trigger_value).toBeNull();
    const contact = await addContact(owner, { first_name: 'Ivo', tags: ['a', 'b'] });
    await setTags(owner, contact, ['a', 'b', 'c']);
    await drainJobs(server);
    expect(await enrolled(workflow)).toEqual([]);
    await setTags(owner, contact, ['a']);
    await drainJobs(server);
    expect(await enrolled(workflow)).toHaveLength(1);
    expect(await tagsOf(contact)).toContain('lost-a-tag');
  });

  it('cannot be published with a tag that is empty, padded, too long or no text, and says so at the trigger', async () => {
    for (const tag of ['', '  ', ' trial', 'x'.repeat(51), 7]) {
      const { error } = await publishWorkflowResult(owner, tagging({ type: 'tag_removed', tag } as never, 'never'));
      expect({ tag, details: error?.details, hint: error?.hint }).toEqual({ tag, details: 'trigger_tag_invalid', hint: '' });
    }
  });

  it('never enrolls from another workspace: workspace B taking the tag off its contact does not start workspace A’s workflow', async () => {
    const email = uniqueEmail('tag-both');
    const aWorkflow = await publishWorkflow(owner, tagging({ type: 'tag_removed', tag: 'shared' }, 'a-heard'));
    const bWorkflow = await publishWorkflow(stranger, tagging({ type: 'tag_removed', tag: 'shared' }, 'b-heard'));
    const aContact = await addContact(owner, { email, tags: ['shared'] });
    const bContact = await addContact(stranger, { email, tags: ['shared'] });
    await setTags(stranger, bContact, []);
    await drainJobs(server);
    expect(await enrolled(bWorkflow)).toEqual([{ contact_id: bContact, status: 'finished' }]);
    expect(await enrolled(aWorkflow)).toEqual([]);
    expect(await tagsOf(aContact)).toEqual(['shared']);
    expect(await eventsOf('contact.tag_removed', bContact)).toEqual([{ workspace_id: stranger.organizationId, payload: { tags: ['shared'] } }]);

    // B's event handed to A's enrollment is refused, and enrolls nobody.
    const [event] = await server.sql<{ id: string }[]>`
      select id::text from private.workspace_events where type = 'contact.tag_removed' and subject_id = ${bContact}`;
    await expect(server.sql`select private.automation_enroll_for_event(${owner.organizationId}, ${event!.id})`).rejects.toMatchObject({ code: '42501' });
    expect(await enrolled(aWorkflow)).toEqual([]);
  });
});

describe('the "form submitted" trigger and contacts who already exist', () => {
  it('an existing contact who sends the form enrolls, once per submission', async () => {
    const list = await createList(owner.client, owner.organizationId, { opt_in: 'single' });
    const workflow = await publishWorkflow(owner, tagging({ type: 'form_submitted' }, 'sent-the-form', 'again_after_exit'));
    const email = uniqueEmail('known');
    const known = await addContact(owner, { first_name: 'Known', email, source: 'manual' });
    await drainJobs(server);
    expect(await enrolled(workflow)).toEqual([]);

    await submitForm(list.form_token, email.toUpperCase());
    await drainJobs(server);
    expect(await enrolled(workflow)).toEqual([{ contact_id: known, status: 'finished' }]);
    expect(await tagsOf(known)).toEqual(['sent-the-form']);
    expect(await eventsOf('contact.form_submitted', known)).toEqual([{ workspace_id: owner.organizationId, payload: { existing: true } }]);

    // Sent again (now a confirmed subscriber of the list): a second submission, a second run.
    await submitForm(list.form_token, email);
    await drainJobs(server);
    expect(await enrolled(workflow)).toEqual([{ contact_id: known, status: 'finished' }, { contact_id: known, status: 'finished' }]);
    expect(await eventsOf('contact.form_submitted', known)).toHaveLength(2);
  });

  it('a new address still fires once, and other changes of an existing contact fire nothing', async () => {
    const list = await createList(owner.client, owner.organizationId, { opt_in: 'single' });
    const workflow = await publishWorkflow(owner, tagging({ type: 'form_submitted' }, 'new-form', 'again_after_exit'));
    const email = uniqueEmail('brand-new');
    await submitForm(list.form_token, email);
    await drainJobs(server);
    const [created] = await server.sql<{ id: string }[]>`select id from public.contacts where organization_id = ${owner.organizationId} and email = ${email}`;
    expect(await eventsOf('contact.form_submitted', created!.id)).toEqual([{ workspace_id: owner.organizationId, payload: {} }]);
    expect(await enrolled(workflow)).toEqual([{ contact_id: created!.id, status: 'finished' }]);

    const other = await addContact(owner, { first_name: 'Quiet', email: uniqueEmail('quiet') });
    const touch = await owner.client.from('contacts').update({ first_name: 'Still quiet', last_activity_at: new Date().toISOString() }).eq('id', other);
    expect(touch.error).toBeNull();
    await server.sql`update public.contacts set last_activity_at = now() + interval '1 minute' where id = ${other}`;
    await drainJobs(server);
    expect(await eventsOf('contact.form_submitted', other)).toEqual([]);
    expect(await enrolled(workflow)).toHaveLength(1);
  });

  it('never enrolls from another workspace: B’s form sent with an address A also holds starts B’s workflow, never A’s', async () => {
    const email = uniqueEmail('both-forms');
    const bList = await createList(stranger.client, stranger.organizationId, { opt_in: 'single' });
    const aWorkflow = await publishWorkflow(owner, tagging({ type: 'form_submitted' }, 'a-form'));
    const bWorkflow = await publishWorkflow(stranger, tagging({ type: 'form_submitted' }, 'b-form'));
    const aContact = await addContact(owner, { email });
    const bContact = await addContact(stranger, { email });
    await submitForm(bList.form_token, email);
    await drainJobs(server);
    expect(await enrolled(bWorkflow)).toEqual([{ contact_id: bContact, status: 'finished' }]);
    expect(await enrolled(aWorkflow)).toEqual([]);
    expect(await tagsOf(aContact)).toEqual([]);
    expect(await eventsOf('contact.form_submitted', aContact)).toEqual([]);
  });
});

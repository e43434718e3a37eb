import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import { addContact, createWorkflow, drainJobs, publishWorkflow } from '../support/automation';
import { createCampaign, createList } from '../support/email';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * Email Platform triggers of automation workflows (issue 29): "subscribed to a list" starts a workflow when a
 * contact's membership of the workflow's list becomes confirmed, in the list's workspace only; publishing refuses a
 * list of another workspace. "E-mail opened" / "e-mail clicked" start it on the first open / click of a delivery to the
 * contact (of one campaign, or any), in the delivery's workspace only. Real server, real PostgreSQL, supabase-js, the server's own job runner.
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

const enrollmentsOf = (workflowId: string) =>
  server.sql<{ contact_id: string; status: string }[]>`
    select contact_id, status from public.automation_enrollments where workflow_id = ${workflowId} order by entered_at`.then((rows) => rows.map((row) => ({ ...row })));

const tagsOf = async (contactId: string) => (await server.sql<{ tags: string[] }[]>`select tags from public.contacts where id = ${contactId}`)[0]!.tags;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
  stranger = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

describe('the "subscribed to a list" trigger', () => {
  it('enrolls a contact once its membership of the list is confirmed, added confirmed or confirmed later', async () => {
    const list = await createList(owner.client, owner.organizationId, { opt_in: 'single' });
    const other = await createList(owner.client, owner.organizationId, { opt_in: 'single' });
    const workflow = await publishWorkflow(owner, tagging({ type: 'list_subscribed', list_id: list.id }, 'subscribed'));
    const [{ trigger_type, trigger_value }] = await server.sql`select trigger_type, trigger_value from public.automation_workflows where id = ${workflow}`;
    expect({ trigger_type, trigger_value }).toEqual({ trigger_type: 'list_subscribed', trigger_value: list.id });

    // Added by hand to a single opt-in list: confirmed at once.
    const direct = await addContact(owner, { email: uniqueEmail('list-direct') });
    const elsewhere = await addContact(owner, { email: uniqueEmail('list-elsewhere') });
    expect((await owner.client.rpc('add_contacts_to_email_list', { list_id: list.id, contact_ids: [direct] })).error).toBeNull();
    expect((await owner.client.rpc('add_contacts_to_email_list', { list_id: other.id, contact_ids: [elsewhere] })).error).toBeNull();
    // Pending first (double opt-in), then confirmed by its link.
    const later = await addContact(owner, { email: uniqueEmail('list-later') });
    await server.sql`
      insert into public.email_list_members (list_id, contact_id, organization_id, status, consent_method, consent_source)
      values (${list.id}, ${later}, ${owner.organizationId}, 'pending', 'form', 'Subscribe form')`;
    await drain();
    expect(await enrollmentsOf(workflow)).toEqual([{ contact_id: direct, status: 'finished' }]);
    expect(await tagsOf(direct)).toContain('subscribed');
    expect(await tagsOf(elsewhere)).not.toContain('subscribed');

    await server.sql`update public.email_list_members set status = 'confirmed', confirmed_at = now() where list_id = ${list.id} and contact_id = ${later}`;
    await drain();
    expect(await enrollmentsOf(workflow)).toEqual([{ contact_id: direct, status: 'finished' }, { contact_id: later, status: 'finished' }]);
    expect(await tagsOf(later)).toContain('subscribed');

    // A change that leaves the membership confirmed is no new subscription; the recorded events name the list.
    await server.sql`update public.email_list_members set consent_source = 'Edited' where list_id = ${list.id} and contact_id = ${later}`;
    const events = await server.sql`
      select subject_id, payload from private.workspace_events where workspace_id = ${owner.organizationId} and type = 'contact.list_subscribed' order by id`;
    expect(events.map((event) => ({ ...event }))).toEqual([
      { subject_id: direct, payload: { list_id: list.id } },
      { subject_id: later, payload: { list_id: list.id } },
    ]);
  });

  it('never enrolls from another workspace: a list of workspace B confirmed does not start workspace A’s workflow naming its id', async () => {
    const strangersList = await createList(stranger.client, stranger.organizationId, { opt_in: 'single' });
    // Workspace A cannot publish a workflow naming B's list…
    const refused = await createWorkflow(owner, tagging({ type: 'list_subscribed', list_id: strangersList.id }, 'foreign'));
    const { error } = await owner.client.rpc('publish_automation_workflow', { workflow_id: refused });
    expect(error).toMatchObject({ code: 'P0001', details: 'trigger_list_unknown', message: 'Choose a list of this workspace: subscribing to it starts the workflow.' });
    const notAList = await createWorkflow(owner, tagging({ type: 'list_subscribed', list_id: 'not-a-uuid' }, 'foreign'));
    expect((await owner.client.rpc('publish_automation_workflow', { workflow_id: notAList })).error).toMatchObject({ details: 'trigger_list_unknown' });

    // …and a workflow that names it anyway (written straight in the database) never hears B's subscriptions.
    const ownList = await createList(owner.client, owner.organizationId, { opt_in: 'single' });
    const workflow = await publishWorkflow(owner, tagging({ type: 'list_subscribed', list_id: ownList.id }, 'foreign'));
    await server.sql`update public.automation_workflows set trigger_value = ${strangersList.id} where id = ${workflow}`;
    const bContact = await addContact(stranger, { email: uniqueEmail('list-b') });
    expect((await stranger.client.rpc('add_contacts_to_email_list', { list_id: strangersList.id, contact_ids: [bContact] })).error).toBeNull();
    await drain();
    expect(await enrollmentsOf(workflow)).toEqual([]);
    expect(await tagsOf(bContact)).not.toContain('foreign');
    expect(await server.sql`select 1 from private.workspace_events where type = 'contact.list_subscribed' and subject_id = ${bContact}`).toHaveLength(0);

    // An event of B handed to A's enrollment is refused.
    const [event] = await server.sql<{ id: string }[]>`
      select private.record_workspace_event(${stranger.organizationId}, 'contact.list_subscribed', ${bContact}, ${server.sql.json({ list_id: strangersList.id })}) as id`;
    await expect(server.sql`select private.automation_enroll_for_event(${owner.organizationId}, ${event!.id})`).rejects.toMatchObject({ code: '42501' });
    await drain();
    expect(await enrollmentsOf(workflow)).toEqual([]);
  });
});

/** A sent, tracked campaign delivery to a new contact of the user's workspace (straight in the database). */
async function sentDelivery(user: SignedInUser, campaignId: string, listId: string): Promise<{ contactId: string; deliveryId: string }> {
  const email = uniqueEmail('engaged');
  const contactId = await addContact(user, { email });
  await server.sql`
    insert into public.email_settings (organization_id, track_opens, track_clicks) values (${user.organizationId}, true, true)
    on conflict (organization_id) do update set track_opens = true, track_clicks = true`;
  const [row] = await server.sql<{ id: string }[]>`
    insert into public.email_deliveries (organization_id, kind, campaign_id, list_id, contact_id, email, status, sent_at, track_opens, track_clicks)
    values (${user.organizationId}, 'campaign', ${campaignId}, ${listId}, ${contactId}, ${email}, 'sent', now(), true, true)
    returning id::text`;
  return { contactId, deliveryId: row!.id };
}

const engage = (deliveryId: string, kind: 'open' | 'click') =>
  server.sql`select private.record_email_engagement(d, ${kind}) from public.email_deliveries d where d.id = ${deliveryId}`;

describe('the "e-mail opened" and "e-mail clicked" triggers', () => {
  it('enrolls on the first open of any e-mail, not on the same e-mail opened again', async () => {
    const list = await createList(owner.client, owner.organizationId);
    const campaign = await createCampaign(owner.client, owner.organizationId, [list.id]);
    const workflow = await publishWorkflow(owner, { ...tagging({ type: 'email_opened', campaign_id: null }, 'opened'), enrollment: 'again_after_exit' });
    const { contactId, deliveryId } = await sentDelivery(owner, campaign, list.id);
    await engage(deliveryId, 'open');
    await drain();
    expect(await enrollmentsOf(workflow)).toEqual([{ contact_id: contactId, status: 'finished' }]);
    expect(await tagsOf(contactId)).toContain('opened');

    await engage(deliveryId, 'open');
    await drain();
    expect(await enrollmentsOf(workflow)).toHaveLength(1);
  });

  it('a click trigger naming a campaign enrolls on a click of that campaign’s e-mail only', async () => {
    const list = await createList(owner.client, owner.organizationId);
    const named = await createCampaign(owner.client, owner.organizationId, [list.id]);
    const otherCampaign = await createCampaign(owner.client, owner.organizationId, [list.id]);
    const workflow = await publishWorkflow(owner, tagging({ type: 'email_clicked', campaign_id: named }, 'clicked'));
    const [{ trigger_value }] = await server.sql`select trigger_value from public.automation_workflows where id = ${workflow}`;
    expect(trigger_value).toBe(named);

    const other = await sentDelivery(owner, otherCampaign, list.id);
    const opener = await sentDelivery(owner, named, list.id);
    const clicker = await sentDelivery(owner, named, list.id);
    await engage(other.deliveryId, 'click');
    await engage(opener.deliveryId, 'open');
    await engage(clicker.deliveryId, 'click');
    await drain();
    expect(await enrollmentsOf(workflow)).toEqual([{ contact_id: clicker.contactId, status: 'finished' }]);
    expect(await tagsOf(other.contactId)).not.toContain('clicked');
  });

  it('never enrolls from another workspace, and publish refuses another workspace’s campaign', async () => {
    const strangersList = await createList(stranger.client, stranger.organizationId);
    const strangersCampaign = await createCampaign(stranger.client, stranger.organizationId, [strangersList.id]);
    const refused = await createWorkflow(owner, tagging({ type: 'email_clicked', campaign_id: strangersCampaign }, 'foreign'));
    expect((await owner.client.rpc('publish_automation_workflow', { workflow_id: refused })).error).toMatchObject({
      code: 'P0001', details: 'trigger_campaign_unknown', message: 'Choose a campaign of this workspace (or any e-mail) whose opens or clicks start the workflow.',
    });

    // Workspace A listens to any open; workspace B's e-mail opened and clicked enrolls nobody in A.
    const workflow = await publishWorkflow(owner, tagging({ type: 'email_opened', campaign_id: null }, 'foreign'));
    const clickWorkflow = await publishWorkflow(owner, tagging({ type: 'email_clicked', campaign_id: null }, 'foreign'));
    await server.sql`update public.automation_workflows set trigger_value = ${strangersCampaign} where id = ${clickWorkflow}`;
    const b = await sentDelivery(stranger, strangersCampaign, strangersList.id);
    await engage(b.deliveryId, 'open');
    await engage(b.deliveryId, 'click');
    await drain();
    expect(await enrollmentsOf(workflow)).toEqual([]);
    expect(await enrollmentsOf(clickWorkflow)).toEqual([]);
    expect(await tagsOf(b.contactId)).not.toContain('foreign');
  });
});

describe('the "wait until a weekday and hour" step', () => {
  it('waits until the next such hour in the step’s time zone, strictly after now, computed by the database', async () => {
    const graph: WorkflowGraph = {
      trigger: { type: 'tag_added', tag: 'monday-wait' },
      enrollment: 'once',
      steps: [
        { id: 'wait', type: 'wait', until: { weekday: 1, hour: 9 }, time_zone: 'America/New_York', next: 'tag' },
        { id: 'tag', type: 'add_tag', tag: 'waited', next: 'done' },
        { id: 'done', type: 'end' },
      ],
    };
    const workflow = await publishWorkflow(owner, graph);
    const contactId = await addContact(owner, { email: uniqueEmail('wait-until'), tags: ['monday-wait'] });
    await drain();
    const [run] = await server.sql<{ due_at: Date; weekday: number; hour: number; minute: number; ahead: boolean; within_week: boolean }[]>`
      select r.due_at, extract(dow from r.due_at at time zone 'America/New_York')::int as weekday,
        extract(hour from r.due_at at time zone 'America/New_York')::int as hour, extract(minute from r.due_at at time zone 'America/New_York')::int as minute,
        r.due_at > now() as ahead, r.due_at <= now() + interval '7 days' as within_week
      from public.automation_step_runs r join public.automation_enrollments e on e.id = r.enrollment_id
      where e.workflow_id = ${workflow} and r.step_id = 'wait' and r.status = 'waiting'`;
    expect(run).toMatchObject({ weekday: 1, hour: 9, minute: 0, ahead: true, within_week: true });
    expect(await tagsOf(contactId)).not.toContain('waited');

    // Its due time come, the step goes on.
    await server.sql`update public.automation_step_runs set due_at = now() - interval '1 second' where step_id = 'wait' and enrollment_id in (select id from public.automation_enrollments where workflow_id = ${workflow})`;
    const [enrollment] = await server.sql<{ id: string }[]>`select id from public.automation_enrollments where workflow_id = ${workflow}`;
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: owner.organizationId, enrollment_id: enrollment!.id })}, now(), ${'automation:' + enrollment!.id}, 10)`;
    await drain();
    expect(await tagsOf(contactId)).toContain('waited');

    // Any day: the next 23:00 after now, within a day; strictly after now even at that very hour.
    const [next] = await server.sql<{ ok: boolean; exact: boolean }[]>`
      select private.automation_next_weekday_hour('UTC', null, 23, now()) between now() and now() + interval '1 day' as ok,
        private.automation_next_weekday_hour('UTC', null, 23, '2026-11-28 23:00:00+00') = '2026-11-29 23:00:00+00' as exact`;
    expect(next).toEqual({ ok: true, exact: true });
  });

  it('publish refuses an hour out of range or an unknown time zone', async () => {
    const base = (wait: Record<string, unknown>): WorkflowGraph => ({
      trigger: { type: 'contact_created' },
      enrollment: 'once',
      steps: [{ id: 'wait', type: 'wait', next: 'done', ...wait } as never, { id: 'done', type: 'end' }],
    });
    const badHour = await createWorkflow(owner, base({ until: { weekday: null, hour: 24 }, time_zone: 'UTC' }));
    expect((await owner.client.rpc('publish_automation_workflow', { workflow_id: badHour })).error).toMatchObject({ details: 'wait_until_invalid', hint: 'wait' });
    const badZone = await createWorkflow(owner, base({ until: { weekday: 3, hour: 8 }, time_zone: 'Mars/Olympus' }));
    expect((await owner.client.rpc('publish_automation_workflow', { workflow_id: badZone })).error).toMatchObject({ details: 'time_zone_invalid', hint: 'wait' });
  });
});

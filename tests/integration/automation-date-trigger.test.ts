import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cronItems } from '../../server/src/jobs/schedules';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import { workflowTemplates } from '../../src/features/automation/utils/workflow-templates';
import { createWorkflow, drainJobs, publishWorkflow } from '../support/automation';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * The "a date is reached" trigger of automation workflows (issue 29 §2): N days after a contact's creation or last
 * activity, the repeating automation_enroll_due_dates job enrolls the contact, once per workflow and moment, under the
 * workflow's enrollment rule, in the workflow's workspace only. The clock is moved through the database (the
 * contacts' dates). Real server, real PostgreSQL, supabase-js, the server's own job runner.
 */

let server: TestServer;
let owner: SignedInUser;
let stranger: SignedInUser;

const drain = () => drainJobs(server);

/** One round of the repeating job, through the job runner. */
const sweep = async () => {
  await server.sql`select private.enqueue_job('automation_enroll_due_dates', '{}'::jsonb)`;
  await drain();
};

const tagging = (trigger: WorkflowGraph['trigger'], tag: string, enrollment: WorkflowGraph['enrollment'] = 'once'): WorkflowGraph => ({
  trigger,
  enrollment,
  steps: [{ id: 'tag', type: 'add_tag', tag, next: 'done' }, { id: 'done', type: 'end' }],
});

async function addContact(user: SignedInUser, daysOld: number, lastActiveDaysAgo: number | null = null): Promise<string> {
  const { data, error } = await user.client.from('contacts').insert({ organization_id: user.organizationId, email: uniqueEmail('date') } as never).select('id').single();
  expect(error).toBeNull();
  const id = (data as { id: string }).id;
  await server.sql`
    update public.contacts set created_at = now() - make_interval(days => ${daysOld}),
      last_activity_at = case when ${lastActiveDaysAgo}::integer is null then null else now() - make_interval(days => ${lastActiveDaysAgo}::integer) end
    where id = ${id}`;
  return id;
}

const enrolledIn = async (workflowId: string) =>
  (await server.sql<{ contact_id: string }[]>`
    select contact_id from public.automation_enrollments where workflow_id = ${workflowId} order by entered_at, contact_id`).map((row) => row.contact_id);

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
  stranger = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

describe('the "a date is reached" trigger', () => {
  it('is a repeating job of the runner', () => {
    expect(cronItems).toContainEqual(expect.objectContaining({ task: 'automation_enroll_due_dates' }));
  });

  it('enrolls contacts N days after their creation, once, whatever the number of rounds', async () => {
    const workflow = await publishWorkflow(owner, tagging({ type: 'date_reached', field: 'created_at', days: 30 }, 'month-old'));
    const old = await addContact(owner, 31);
    const young = await addContact(owner, 29);
    await sweep();
    await sweep();
    expect(await enrolledIn(workflow)).toEqual([old]);

    // The young contact's day comes (the clock moved through its date); the old one is not enrolled again.
    await server.sql`update public.contacts set created_at = created_at - interval '2 days' where id = ${young}`;
    await sweep();
    expect((await enrolledIn(workflow)).sort()).toEqual([old, young].sort());
    await sweep();
    expect(await enrolledIn(workflow)).toHaveLength(2);
  });

  it('counts "quiet" from the last activity (or creation), and a new quiet spell enrolls again only under "again after exit"', async () => {
    const again = await publishWorkflow(owner, tagging({ type: 'date_reached', field: 'last_activity_at', days: 60 }, 'quiet', 'again_after_exit'));
    const once = await publishWorkflow(owner, tagging({ type: 'date_reached', field: 'last_activity_at', days: 60 }, 'quiet-once'));
    const quiet = await addContact(owner, 400, 61);
    const active = await addContact(owner, 400, 10);
    const neverActive = await addContact(owner, 90);
    await sweep();
    expect((await enrolledIn(again)).sort()).toEqual([quiet, neverActive].sort());
    expect((await enrolledIn(once)).sort()).toEqual([quiet, neverActive].sort());
    expect(await enrolledIn(again)).not.toContain(active);

    // Active again, then quiet for another 60 days: a new moment.
    await server.sql`update public.contacts set last_activity_at = now() - interval '70 days' where id = ${quiet}`;
    await sweep();
    expect((await enrolledIn(again)).filter((id) => id === quiet)).toHaveLength(2);
    // The same moment never enrolls twice, even where the rule lets a contact in again.
    expect((await enrolledIn(again)).filter((id) => id === neverActive)).toHaveLength(1);
    expect((await enrolledIn(once)).filter((id) => id === quiet)).toHaveLength(1);
  });

  it('a workflow paused between the date sweep and its enrollment job enrolls the contact once it resumes', async () => {
    const user = await signedInUser(server);
    const workflow = await publishWorkflow(user, tagging({ type: 'date_reached', field: 'created_at', days: 40 }, 'paused-date'));
    const contact = await addContact(user, 41);
    // The sweep records the moment and queues the enrollment job; the workflow is paused before that job runs.
    await server.sql.begin(async (tx) => {
      const [{ recorded }] = await tx<{ recorded: number }[]>`select private.automation_enroll_due_dates() as recorded`;
      expect(recorded).toBeGreaterThanOrEqual(1);
      await tx`update public.automation_workflows set status = 'paused' where id = ${workflow}`;
    });
    await drain();
    expect(await enrolledIn(workflow)).toEqual([]);
    await sweep();
    expect(await enrolledIn(workflow)).toEqual([]);

    const { error } = await user.client.rpc('set_automation_workflow_paused', { workflow_id: workflow, paused: false });
    expect(error).toBeNull();
    await sweep();
    await sweep();
    expect(await enrolledIn(workflow)).toEqual([contact]);
    const [{ tags }] = await server.sql<{ tags: string[] }[]>`select tags from public.contacts where id = ${contact}`;
    expect(tags).toContain('paused-date');
    // What the enrollment job calls is no one's RPC.
    const grants = await server.sql`
      select has_function_privilege(r, 'private.automation_enroll_event(uuid, bigint)', 'execute') as can from unnest(array['anon', 'authenticated']) r`;
    expect(grants.map((row) => row.can)).toEqual([false, false]);
  });

  it('refuses a date or a number of days that cannot be, naming the problem', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'date_reached', field: 'birthday', days: 3 }, 'trigger_field_unknown'],
      [{ type: 'date_reached', field: 'created_at', days: 0 }, 'trigger_days_invalid'],
      [{ type: 'date_reached', field: 'created_at', days: 2.5 }, 'trigger_days_invalid'],
      [{ type: 'date_reached', field: 'created_at', days: '7' }, 'trigger_days_invalid'],
      [{ type: 'date_reached', field: 'created_at', days: 3651 }, 'trigger_days_invalid'],
    ];
    for (const [trigger, problem] of cases) {
      const id = await createWorkflow(owner, tagging(trigger as never, 'bad'));
      const { error } = await owner.client.rpc('publish_automation_workflow', { workflow_id: id });
      expect(error, JSON.stringify(trigger)).toMatchObject({ code: 'P0001', details: problem });
    }
  });

  it('stays in its workspace: B’s old contacts never enroll into A’s workflow, and the sweep is no one’s RPC', async () => {
    const workflow = await publishWorkflow(owner, tagging({ type: 'date_reached', field: 'created_at', days: 5 }, 'a-only'));
    const bOld = await addContact(stranger, 50);
    await sweep();
    expect(await enrolledIn(workflow)).not.toContain(bOld);
    expect(await server.sql`select 1 from private.workspace_events where type = 'contact.date_reached' and subject_id = ${bOld}`).toHaveLength(0);
    // A reached event of B naming A's workflow enrolls nobody in A's workflow.
    const [event] = await server.sql<{ id: string }[]>`
      select private.record_workspace_event(${stranger.organizationId}, 'contact.date_reached', ${bOld}, ${server.sql.json({ workflow_id: workflow })}) as id`;
    await drain();
    expect(event).toBeDefined();
    expect(await enrolledIn(workflow)).not.toContain(bOld);
    const [{ tags }] = await server.sql<{ tags: string[] }[]>`select tags from public.contacts where id = ${bOld}`;
    expect(tags).not.toContain('a-only');
    // Members and anonymous callers cannot run the sweep.
    expect((await owner.client.rpc('automation_enroll_due_dates' as never)).error).not.toBeNull();
    const grants = await server.sql`
      select has_function_privilege(r, 'private.automation_enroll_due_dates()', 'execute') as can from unnest(array['anon', 'authenticated']) r`;
    expect(grants.map((row) => row.can)).toEqual([false, false]);
  });
});

describe('the template "Re-engage contacts quiet for 60 days"', () => {
  it('publishes as it is and takes in a contact quiet for 61 days, not one active last week', async () => {
    const template = workflowTemplates.find((entry) => entry.id === 're_engage_quiet')!;
    expect(template.graph.trigger).toEqual({ type: 'date_reached', field: 'last_activity_at', days: 60 });
    const workflow = await publishWorkflow(owner, template.graph);
    const quiet = await addContact(owner, 300, 61);
    const active = await addContact(owner, 300, 7);
    await sweep();
    expect(await enrolledIn(workflow)).toContain(quiet);
    expect(await enrolledIn(workflow)).not.toContain(active);
    const [{ tags }] = await server.sql<{ tags: string[] }[]>`select tags from public.contacts where id = ${quiet}`;
    expect(tags).toContain('quiet-60-days');
  });
});

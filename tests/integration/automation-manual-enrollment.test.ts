import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import { createWorkflow, drainJobs, publishWorkflow } from '../support/automation';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * Manual enrollment of a filtered set of contacts (issue 29 §2): enroll_contacts_in_automation enrolls the contacts
 * of the workflow's workspace matching the contacts list's filters (tag, stage, band, owner) into a published
 * workflow, under its enrollment rule and the workspace's hourly limit, and says how many went in and were skipped;
 * a dry run only counts. Viewers, other workspaces and anonymous callers are refused. Real server, real PostgreSQL,
 * supabase-js, the server's own job runner.
 */

let server: TestServer;
let owner: SignedInUser;
let viewer: SignedInUser;
let stranger: SignedInUser;

const drain = () => drainJobs(server);

const tagging = (tag: string, enrollment: WorkflowGraph['enrollment'] = 'once'): WorkflowGraph => ({
  trigger: { type: 'tag_added', tag: 'never-added' },
  enrollment,
  steps: [{ id: 'tag', type: 'add_tag', tag, next: 'done' }, { id: 'done', type: 'end' }],
});

/** A contact added straight in the database (its workflows start on a tag nobody adds: they enroll nobody by themselves). */
async function addContact(user: SignedInUser, fields: Record<string, unknown>): Promise<string> {
  const [row] = await server.sql<{ id: string }[]>`
    insert into public.contacts ${server.sql({ organization_id: user.organizationId, email: uniqueEmail('manual'), ...fields } as Record<string, string>)} returning id`;
  return row!.id;
}

const enroll = (user: SignedInUser, workflowId: string, filter: Record<string, unknown>, dryRun = false) =>
  user.client.rpc('enroll_contacts_in_automation', { workflow_id: workflowId, filter: filter as never, dry_run: dryRun });

const enrolledIn = async (workflowId: string) =>
  (await server.sql<{ contact_id: string }[]>`select contact_id from public.automation_enrollments where workflow_id = ${workflowId}`).map((row) => row.contact_id).sort();

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
  viewer = await signedInUser(server);
  stranger = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${viewer.id}, 'viewer')`;
});

afterAll(async () => {
  await server?.close();
});

describe('enrolling a filtered set of contacts', () => {
  it('counts first (dry run), then enrolls the matching contacts of the workspace once, skipping those already in', async () => {
    const workflow = await publishWorkflow(owner, tagging('picked'));
    const vipLead = await addContact(owner, { tags: ['VIP'], lifecycle_stage: 'lead' });
    const vipCustomer = await addContact(owner, { tags: ['vip'], lifecycle_stage: 'customer' });
    const plainLead = await addContact(owner, { lifecycle_stage: 'lead' });
    const bVip = await addContact(stranger, { tags: ['vip'], lifecycle_stage: 'lead' });

    const counted = await enroll(owner, workflow, { tag: 'vip', stage: 'any', band: 'any', owner: 'any' }, true);
    expect(counted).toMatchObject({ error: null, data: { matched: 2, enrolled: 2, skipped: 0, over_limit: 0 } });
    expect(await enrolledIn(workflow)).toEqual([]);

    const first = await enroll(owner, workflow, { tag: 'vip', stage: 'lead' });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ matched: 1, enrolled: 1, skipped: 0, over_limit: 0 });
    expect((await enroll(owner, workflow, { tag: 'vip' })).data).toEqual({ matched: 2, enrolled: 1, skipped: 1, over_limit: 0 });
    await drain();
    expect(await enrolledIn(workflow)).toEqual([vipLead, vipCustomer].sort());
    const [{ tags }] = await server.sql<{ tags: string[] }[]>`select tags from public.contacts where id = ${vipLead}`;
    expect(tags).toContain('picked');
    const [{ detail }] = await server.sql`select detail from public.automation_run_log where workflow_id = ${workflow} and event = 'entered' limit 1`;
    expect(detail).toBe('manual');
    expect(await enrolledIn(workflow)).not.toContain(plainLead);
    expect(await enrolledIn(workflow)).not.toContain(bVip);
  });

  it('lets a contact in again after its run ended under "again after exit", and holds back beyond the hourly limit', async () => {
    // A wait first: both runs are still active at the second call, whenever the server's runner takes their jobs.
    const waitThenTag: WorkflowGraph = {
      ...tagging('again', 'again_after_exit'),
      steps: [{ id: 'later', type: 'wait', minutes: 60, next: 'tag' }, ...tagging('again').steps],
    };
    const workflow = await publishWorkflow(owner, waitThenTag);
    const a = await addContact(owner, { tags: ['again-set'] });
    await addContact(owner, { tags: ['again-set'] });
    expect((await enroll(owner, workflow, { tag: 'again-set' })).data).toMatchObject({ matched: 2, enrolled: 2 });
    expect((await enroll(owner, workflow, { tag: 'again-set' })).data).toMatchObject({ matched: 2, enrolled: 0, skipped: 2 });
    // The hour passes (in the database): both runs take their tag and end.
    await drain();
    const runs = await server.sql<{ id: string }[]>`select id from public.automation_enrollments where workflow_id = ${workflow}`;
    for (const run of runs) {
      await server.sql`update public.automation_step_runs set due_at = now() - interval '1 second' where enrollment_id = ${run.id} and status = 'waiting'`;
      await server.sql`update public.automation_enrollments set due_at = now() - interval '1 second' where id = ${run.id}`;
      await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: owner.organizationId, enrollment_id: run.id })}, now(), ${`automation:${run.id}`}, 10)`;
    }
    await expect
      .poll(async () => {
        await drain();
        return (await server.sql<{ n: number }[]>`select count(*)::int as n from public.automation_enrollments where workflow_id = ${workflow} and status = 'active'`)[0]!.n;
      }, { timeout: 60_000, interval: 500 })
      .toBe(0);
    const used = (await server.sql`select count(*)::int as n from public.automation_enrollments where organization_id = ${owner.organizationId} and entered_at > now() - interval '1 hour'`)[0]!.n as number;
    await server.sql`insert into private.automation_workspace_limits (workspace_id, enrollments_per_hour) values (${owner.organizationId}, ${used + 1})`;
    expect((await enroll(owner, workflow, { tag: 'again-set' })).data).toEqual({ matched: 2, enrolled: 1, skipped: 0, over_limit: 1 });
    await server.sql`delete from private.automation_workspace_limits where workspace_id = ${owner.organizationId}`;
    const enrolled = await enrolledIn(workflow);
    expect(enrolled).toHaveLength(3);
    expect(enrolled.filter((id) => id === a).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a draft workflow, a bad filter, a viewer, another workspace and an anonymous caller', async () => {
    const draft = await createWorkflow(owner, tagging('draft'));
    expect((await enroll(owner, draft, {})).error).toMatchObject({ code: 'P0001', details: 'not_published' });
    const workflow = await publishWorkflow(owner, tagging('guarded'));
    expect((await enroll(owner, workflow, { stage: 'royalty' })).error).toMatchObject({ code: 'P0001', details: 'filter_invalid' });
    expect((await enroll(owner, workflow, { owner: 'robert' })).error).toMatchObject({ details: 'filter_invalid' });
    expect((await enroll(owner, workflow, [] as never)).error).toMatchObject({ details: 'filter_invalid' });

    await addContact(owner, { tags: ['guarded-set'] });
    const viewed = await enroll(viewer, workflow, { tag: 'guarded-set' });
    expect(viewed.error).not.toBeNull();
    expect(viewed.error!.code).toBe('42501');
    expect((await enroll(stranger, workflow, { tag: 'guarded-set' })).error).toMatchObject({ code: 'P0001', details: 'unknown_workflow' });
    const anonymous = await server.client().rpc('enroll_contacts_in_automation', { workflow_id: workflow, filter: {} as never });
    expect(anonymous.error).not.toBeNull();
    expect(await enrolledIn(workflow)).toEqual([]);

    // B's own workflow never reaches A's contacts, whatever the filter.
    const bWorkflow = await publishWorkflow(stranger, tagging('b'));
    expect((await enroll(stranger, bWorkflow, { tag: 'guarded-set' })).data).toMatchObject({ matched: 0, enrolled: 0 });
  });
});

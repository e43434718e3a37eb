import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJobByName } from '../../server/src/jobs/enqueue-job';
import { addContact, drainJobs, publishWorkflow } from '../support/automation';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The daily clean-up (`clean_up_automation_log`, AUTOMATION_LOG_DAYS — 30 on the test server) removes the step runs of
 * enrollments that ended before the period (migration 20261129900100); it keeps the enrollments ("once per contact"
 * rests on them), the step runs of recent, failed and active enrollments.
 */

let server: TestServer;
let user: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({ AUTOMATION_LOG_DAYS: '30' });
  user = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

const stepRunCount = async (enrollmentId: string) =>
  (await server.sql<{ n: number }[]>`select count(*)::int as n from public.automation_step_runs where enrollment_id = ${enrollmentId}`)[0]!.n;

describe('the clean-up of step runs', () => {
  it('removes the step runs of enrollments that ended before the period, and keeps every enrollment', async () => {
    const workflowId = await publishWorkflow(user, {
      trigger: { type: 'tag_added', tag: 'prune' },
      enrollment: 'once',
      steps: [{ id: 'mark', type: 'add_tag', tag: 'marked', next: 'done' }, { id: 'done', type: 'end' }],
    });
    const names = ['Old finished', 'Recent finished', 'Old failed', 'Old exited', 'Active'];
    const contacts = [];
    for (const name of names) contacts.push(await addContact(user, { first_name: name, tags: ['prune'] }));
    await drainJobs(server);
    const rows = await server.sql<{ id: string; contact_id: string }[]>`
      select id, contact_id from public.automation_enrollments where workflow_id = ${workflowId}`;
    const enrollment = (contact: string) => rows.find((row) => row.contact_id === contact)!.id;
    const [oldFinished, recentFinished, oldFailed, oldExited, active] = contacts.map(enrollment);
    for (const id of [oldFinished, recentFinished, oldFailed, oldExited, active]) expect(await stepRunCount(id!)).toBe(2);

    await server.sql`update public.automation_enrollments set finished_at = now() - interval '31 days' where id in ${server.sql([oldFinished!, oldFailed!, oldExited!])}`;
    await server.sql`update public.automation_enrollments set finished_at = now() - interval '29 days' where id = ${recentFinished!}`;
    await server.sql`update public.automation_enrollments set status = 'failed', error = 'kept for Retry' where id = ${oldFailed!}`;
    await server.sql`update public.automation_enrollments set status = 'exited', exit_reason = 'goal' where id = ${oldExited!}`;
    await server.sql`update public.automation_enrollments set status = 'active', current_step = 'done', finished_at = null, entered_at = now() - interval '40 days' where id = ${active!}`;

    await enqueueJobByName(server.sql, 'clean_up_automation_log', {});
    await drainJobs(server);

    expect(await stepRunCount(oldFinished!)).toBe(0);
    expect(await stepRunCount(oldExited!)).toBe(0);
    expect(await stepRunCount(recentFinished!)).toBe(2);
    expect(await stepRunCount(oldFailed!)).toBe(2);
    expect(await stepRunCount(active!)).toBe(2);
    expect(await server.sql`select id from public.automation_enrollments where workflow_id = ${workflowId}`).toHaveLength(5);

    // "Once per contact" still holds for a contact whose step runs are gone: the tag again enrolls nobody.
    const { error } = await user.client.from('contacts').update({ tags: [] }).eq('id', contacts[0]!);
    expect(error).toBeNull();
    const again = await user.client.from('contacts').update({ tags: ['prune'] }).eq('id', contacts[0]!);
    expect(again.error).toBeNull();
    await drainJobs(server);
    expect(await server.sql`select id from public.automation_enrollments where workflow_id = ${workflowId} and contact_id = ${contacts[0]!}`).toHaveLength(1);
  });
});

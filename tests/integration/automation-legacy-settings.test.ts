import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowStep } from '../../src/features/automation/utils/workflow-graph';
import { addContact, drainJobs, publishWorkflow } from '../support/automation';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A version published before publishing refused missing settings (migration 20261129750000) keeps its graph: when
 * such a step runs it fails, naming the step, and changes nothing (migration 20261129900000). Before, a score step
 * without points made every contact entering hot (+100) and a tag step without a tag put a NULL among the tags.
 * The old graph is made here by removing the setting from a published version's stored graph.
 */

let server: TestServer;
let user: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

async function publishedWithout(step: WorkflowStep, setting: string): Promise<string> {
  const workflowId = await publishWorkflow(user, {
    trigger: { type: 'tag_added', tag: `legacy-${step.type}` },
    enrollment: 'once',
    steps: [step, { id: 'done', type: 'end' }],
  });
  await server.sql`
    update public.automation_workflow_versions v
    set graph = jsonb_set(v.graph, '{steps}', (select jsonb_agg(s - ${setting}) from jsonb_array_elements(v.graph -> 'steps') s))
    where v.workflow_id = ${workflowId} and v.state = 'published'`;
  return workflowId;
}

async function runFor(workflowId: string, tag: string) {
  const contactId = await addContact(user, { first_name: 'Lee', tags: [tag] });
  await drainJobs(server);
  const [enrollment] = await server.sql<{ status: string; error: string | null }[]>`
    select status, error from public.automation_enrollments where workflow_id = ${workflowId} and contact_id = ${contactId}`;
  const [contact] = await server.sql<{ score_adjustment: number; tags: (string | null)[]; lifecycle_stage: string }[]>`
    select score_adjustment, tags, lifecycle_stage from public.contacts where id = ${contactId}`;
  return { enrollment: { ...enrollment! }, contact: { ...contact! } };
}

describe('a step published without its settings, when it runs', () => {
  it('a score step without points fails, naming the step, and leaves the score alone', async () => {
    const workflowId = await publishedWithout({ id: 'bump', type: 'adjust_score', points: 10, next: 'done' }, 'points');
    const { enrollment, contact } = await runFor(workflowId, 'legacy-adjust_score');
    expect(enrollment).toEqual({ status: 'failed', error: 'Step "bump" has no whole number of points to add: edit the workflow and publish it again.' });
    expect(contact.score_adjustment).toBe(0);
  });

  it('a tag step without a tag fails and puts no NULL among the tags', async () => {
    const workflowId = await publishedWithout({ id: 'label', type: 'add_tag', tag: 'vip', next: 'done' }, 'tag');
    const { enrollment, contact } = await runFor(workflowId, 'legacy-add_tag');
    expect(enrollment).toEqual({ status: 'failed', error: 'Step "label" has no tag: edit the workflow and publish it again.' });
    expect(contact.tags).toEqual(['legacy-add_tag']);
  });

  it('a stage step without a stage fails with a message naming the step', async () => {
    const workflowId = await publishedWithout({ id: 'promote', type: 'set_stage', stage: 'customer', next: 'done' }, 'stage');
    const { enrollment, contact } = await runFor(workflowId, 'legacy-set_stage');
    expect(enrollment).toEqual({ status: 'failed', error: 'Step "promote" has no lifecycle stage: edit the workflow and publish it again.' });
    expect(contact.lifecycle_stage).toBe('subscriber');
  });

  it('a step with its settings still runs (the check refuses only what is missing)', async () => {
    const workflowId = await publishWorkflow(user, {
      trigger: { type: 'tag_added', tag: 'legacy-ok' },
      enrollment: 'once',
      steps: [{ id: 'bump', type: 'adjust_score', points: 10, next: 'done' }, { id: 'done', type: 'end' }],
    });
    const { enrollment, contact } = await runFor(workflowId, 'legacy-ok');
    expect(enrollment).toEqual({ status: 'finished', error: null });
    expect(contact.score_adjustment).toBe(10);
  });
});

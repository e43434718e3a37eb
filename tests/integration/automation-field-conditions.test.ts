import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldCheck } from '../../src/features/automation/utils/field-condition';
import type { WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import { addContact, drainJobs, publishWorkflow, publishWorkflowResult } from '../support/automation';
import { signedInUser, signedInUserWithoutScoreRules, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * A condition step on one of the contact's fields (issue 29 §3; decision 0023, session 15): owner, company, job title,
 * names, source, lead score, e-mail, phone, each with the operators fit for it. The step job reads the fields within
 * the run's workspace and takes yes or no; publishing refuses an unknown field, an operator that does not fit it and a
 * missing or unfit value (another workspace's member included), naming the step. Real server, its job runner,
 * supabase-js.
 */

let server: TestServer;
let owner: SignedInUser;
let stranger: SignedInUser;

const branching = (tag: string, check: FieldCheck): WorkflowGraph => ({
  trigger: { type: 'tag_added', tag },
  enrollment: 'once',
  steps: [
    { id: 'check', type: 'condition', check, yes: 'yes', no: 'no' },
    { id: 'yes', type: 'add_tag', tag: 'took-yes', next: 'done' },
    { id: 'no', type: 'add_tag', tag: 'took-no', next: 'done' },
    { id: 'done', type: 'end' },
  ],
});

const tagsOf = async (contactId: string) => (await server.sql<{ tags: string[] }[]>`select tags from public.contacts where id = ${contactId}`)[0]!.tags;

/** Each contact (by name) gets the trigger's tag; the branch each one took. */
async function branchesTaken(user: SignedInUser, tag: string, people: Record<string, string>) {
  for (const id of Object.values(people)) expect((await user.client.from('contacts').update({ tags: [tag] }).eq('id', id)).error).toBeNull();
  await drainJobs(server);
  return Object.fromEntries(await Promise.all(Object.entries(people).map(async ([name, id]) => [name, (await tagsOf(id)).filter((t) => t.startsWith('took-')).join()])));
}

const field = (name: FieldCheck['field'], op: FieldCheck['op'], value?: string | number): FieldCheck => ({ kind: 'field', field: name, op, value });

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUserWithoutScoreRules(server);
  stranger = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

describe('a condition on a contact field', () => {
  it('texts: the job title contains a text (any case), the company is not a text, a last name is set', async () => {
    await publishWorkflow(owner, branching('title-check', field('job_title', 'contains', 'cto')));
    await publishWorkflow(owner, branching('company-check', field('company', 'not_equals', 'Acme')));
    await publishWorkflow(owner, branching('surname-check', field('last_name', 'is_set')));
    const people = {
      cto: await addContact(owner, { first_name: 'Cleo', job_title: 'Deputy CTO', company: 'ACME ' }),
      engineer: await addContact(owner, { first_name: 'Eli', last_name: 'Evans', job_title: 'Engineer', company: 'Initech' }),
      blank: await addContact(owner, { first_name: 'Bo' }),
    };
    expect(await branchesTaken(owner, 'title-check', people)).toEqual({ cto: 'took-yes', engineer: 'took-no', blank: 'took-no' });
    await server.sql`update public.contacts set tags = '{}' where id = any(${Object.values(people)})`;
    expect(await branchesTaken(owner, 'company-check', people)).toEqual({ cto: 'took-no', engineer: 'took-yes', blank: 'took-yes' });
    await server.sql`update public.contacts set tags = '{}' where id = any(${Object.values(people)})`;
    expect(await branchesTaken(owner, 'surname-check', people)).toEqual({ cto: 'took-no', engineer: 'took-yes', blank: 'took-no' });
  });

  it('the owner, the source, the lead score compared as a number, the phone set or not', async () => {
    await publishWorkflow(owner, branching('owner-check', field('owner_id', 'equals', owner.id)));
    await publishWorkflow(owner, branching('source-check', field('source', 'equals', 'import')));
    await publishWorkflow(owner, branching('score-check', field('lead_score', 'greater', 60)));
    await publishWorkflow(owner, branching('phone-check', field('phone', 'is_not_set')));
    const people = {
      mine: await addContact(owner, { first_name: 'Mia', owner_id: owner.id, source: 'import', score_adjustment: 61, phone: '+33 1 23 45 67 89' }),
      nobodys: await addContact(owner, { first_name: 'Ned', source: 'manual', score_adjustment: 60 }),
    };
    const run = async (tag: string) => {
      await server.sql`update public.contacts set tags = '{}' where id = any(${Object.values(people)})`;
      return branchesTaken(owner, tag, people);
    };
    expect(await run('owner-check')).toEqual({ mine: 'took-yes', nobodys: 'took-no' });
    expect(await run('source-check')).toEqual({ mine: 'took-yes', nobodys: 'took-no' });
    expect(await run('score-check')).toEqual({ mine: 'took-yes', nobodys: 'took-no' });
    expect(await run('phone-check')).toEqual({ mine: 'took-no', nobodys: 'took-yes' });
  });

  it('reads the contact’s field as it is when the step runs, not when the contact entered', async () => {
    const workflow = await publishWorkflow(owner, {
      ...branching('late-check', field('company', 'equals', 'Globex')),
      steps: [{ id: 'pause', type: 'wait', minutes: 60, next: 'check' }, ...branching('late-check', field('company', 'equals', 'Globex')).steps],
    });
    const contact = await addContact(owner, { first_name: 'Lou', company: 'Initech' });
    await owner.client.from('contacts').update({ tags: ['late-check'] }).eq('id', contact);
    await drainJobs(server);
    await owner.client.from('contacts').update({ company: 'Globex' }).eq('id', contact);
    const [run] = await server.sql<{ id: string }[]>`select id from public.automation_enrollments where workflow_id = ${workflow}`;
    await server.sql`update public.automation_step_runs set due_at = now() - interval '1 second' where enrollment_id = ${run!.id} and status = 'waiting'`;
    await server.sql`select private.enqueue_job('automation_step', ${server.sql.json({ workspace_id: owner.organizationId, enrollment_id: run!.id })}, now(), ${`automation:${run!.id}`}, 10)`;
    await drainJobs(server);
    expect(await tagsOf(contact)).toEqual(['late-check', 'took-yes']);
  });

  it('never enrolls from another workspace: B’s contact meeting the check with the same address and tag goes through B’s workflow, never A’s', async () => {
    const email = uniqueEmail('field-both');
    const workflow = await publishWorkflow(owner, branching('cross-check', field('company', 'equals', 'Shared')));
    await publishWorkflow(stranger, branching('cross-check', field('company', 'equals', 'Shared')));
    const aContact = await addContact(owner, { email, company: 'Shared' });
    const bContact = await addContact(stranger, { email, company: 'Shared' });
    await stranger.client.from('contacts').update({ tags: ['cross-check'] }).eq('id', bContact);
    await drainJobs(server);
    expect(await tagsOf(bContact)).toEqual(['cross-check', 'took-yes']);
    expect(await server.sql`select contact_id from public.automation_enrollments where workflow_id = ${workflow}`).toHaveLength(0);
    expect(await tagsOf(aContact)).toEqual([]);
  });
});

describe('publishing a condition on a field', () => {
  it.each([
    ['an unknown field', { kind: 'field', field: 'notes', op: 'is_set' }, 'condition_field_unknown'],
    ['no field', { kind: 'field', op: 'is_set' }, 'condition_field_unknown'],
    ['contains on the lead score', field('lead_score', 'contains', '6'), 'condition_operator_invalid'],
    ['greater on the company', field('company', 'greater', 'A'), 'condition_operator_invalid'],
    ['is set on the source', field('source', 'is_set'), 'condition_operator_invalid'],
    ['equals on the phone', field('phone', 'equals', '+1'), 'condition_operator_invalid'],
    ['no operator', { kind: 'field', field: 'company' }, 'condition_operator_invalid'],
    ['a company with no value', field('company', 'equals'), 'condition_value_invalid'],
    ['a company of spaces', field('company', 'contains', '   '), 'condition_value_invalid'],
    ['a job title over 120 characters', field('job_title', 'equals', 'x'.repeat(121)), 'condition_value_invalid'],
    ['a score with no value', field('lead_score', 'greater'), 'condition_value_invalid'],
    ['a score of 101', field('lead_score', 'less', 101), 'condition_value_invalid'],
    ['a score of 2.5', field('lead_score', 'less', 2.5), 'condition_value_invalid'],
    ['a score as a text', field('lead_score', 'equals', '50'), 'condition_value_invalid'],
    ['an unknown source', field('source', 'equals', 'web'), 'condition_value_invalid'],
    ['an owner who is nobody', field('owner_id', 'equals', '00000000-0000-4000-8000-000000000000'), 'condition_value_invalid'],
    ['an owner that is no id', field('owner_id', 'not_equals', 'sam'), 'condition_value_invalid'],
  ] as const)('refuses %s, naming the step', async (_name, check, problem) => {
    const { error } = await publishWorkflowResult(owner, branching('never', check as FieldCheck));
    expect({ code: error?.code, details: error?.details, hint: error?.hint }).toEqual({ code: 'P0001', details: problem, hint: 'check' });
    expect(error?.message).toMatch(/^Step “check”: /);
  });

  it('refuses a member of another workspace as the owner checked', async () => {
    const { error } = await publishWorkflowResult(owner, branching('never', field('owner_id', 'equals', stranger.id)));
    expect({ details: error?.details, hint: error?.hint }).toEqual({ details: 'condition_value_invalid', hint: 'check' });
  });
});

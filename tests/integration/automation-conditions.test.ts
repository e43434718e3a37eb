import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConditionCheck, WorkflowGraph } from '../../src/features/automation/utils/workflow-graph';
import { addContact, drainJobs, publishWorkflow, publishWorkflowResult } from '../support/automation';
import { createList } from '../support/email';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A condition step on a list and on e-mail engagement (issue 29 §3): yes when the contact's membership of a list of
 * the workspace is confirmed, or when it opened / clicked an e-mail within the last N days. Publishing refuses a list of
 * another workspace and a window that cannot be, naming the step. Real server, its job runner, supabase-js.
 */

let server: TestServer;
let owner: SignedInUser;
let other: SignedInUser;

const branching = (tag: string, check: ConditionCheck): WorkflowGraph => ({
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

async function membership(listId: string, contactId: string, workspaceId: string, status: string) {
  await server.sql`
    insert into public.email_list_members (list_id, contact_id, organization_id, status, consent_method, consent_source, confirmed_at, unsubscribed_at)
    values (${listId}, ${contactId}, ${workspaceId}, ${status}, 'manual', 'Added in a test',
      case when ${status} <> 'pending' then now() end, case when ${status} = 'unsubscribed' then now() end)`;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
  other = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

describe('a condition on a list', () => {
  it('takes yes for a confirmed subscriber of the list, no for a pending or an unsubscribed one and for one of another list', async () => {
    const list = await createList(owner.client, owner.organizationId);
    const another = await createList(owner.client, owner.organizationId);
    await publishWorkflow(owner, branching('list-check', { kind: 'list', list_id: list.id }));
    const people: Record<string, string> = {};
    for (const [name, listId, status] of [['confirmed', list.id, 'confirmed'], ['pending', list.id, 'pending'], ['unsubscribed', list.id, 'unsubscribed'], ['elsewhere', another.id, 'confirmed']] as const) {
      people[name] = await addContact(owner, { first_name: name });
      await membership(listId, people[name]!, owner.organizationId, status);
    }
    people.none = await addContact(owner, { first_name: 'none' });
    for (const id of Object.values(people)) await owner.client.from('contacts').update({ tags: ['list-check'] }).eq('id', id);
    await drainJobs(server);
    const taken = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([name, id]) => [name, (await tagsOf(id)).filter((tag) => tag.startsWith('took-'))])));
    expect(taken).toEqual({ confirmed: ['took-yes'], pending: ['took-no'], unsubscribed: ['took-no'], elsewhere: ['took-no'], none: ['took-no'] });
  });

  it('cannot be published with another workspace’s list or no list, and names the step', async () => {
    const theirs = await createList(other.client, other.organizationId);
    for (const listId of [theirs.id, '', 'not-a-uuid']) {
      const { error } = await publishWorkflowResult(owner, branching('never', { kind: 'list', list_id: listId }));
      expect({ details: error?.details, hint: error?.hint }).toEqual({ details: 'condition_list_unknown', hint: 'check' });
    }
  });
});

describe('a condition on e-mail engagement', () => {
  it('takes yes for a contact who opened (clicked) an e-mail within the window, no otherwise', async () => {
    await publishWorkflow(owner, branching('opened-check', { kind: 'email_engagement', event: 'opened', days: 7 }));
    await publishWorkflow(owner, branching('clicked-check', { kind: 'email_engagement', event: 'clicked', days: 7 }));
    const recent = await addContact(owner, { first_name: 'Recent' });
    const long = await addContact(owner, { first_name: 'Long ago' });
    const never = await addContact(owner, { first_name: 'Never' });
    await server.sql`update public.contacts set last_email_opened_at = now() - interval '2 days', last_email_clicked_at = now() - interval '8 days' where id = ${recent}`;
    await server.sql`update public.contacts set last_email_opened_at = now() - interval '10 days' where id = ${long}`;
    for (const id of [recent, long, never]) await owner.client.from('contacts').update({ tags: ['opened-check'] }).eq('id', id);
    await drainJobs(server);
    expect(await Promise.all([recent, long, never].map(async (id) => (await tagsOf(id)).filter((tag) => tag.startsWith('took-'))))).toEqual([['took-yes'], ['took-no'], ['took-no']]);

    await server.sql`update public.contacts set tags = '{}' where id = ${recent}`;
    await owner.client.from('contacts').update({ tags: ['clicked-check'] }).eq('id', recent);
    await drainJobs(server);
    expect(await tagsOf(recent)).toEqual(['clicked-check', 'took-no']);
  });

  it('cannot be published with another event or a window outside 1 to 365 whole days, and names the step', async () => {
    for (const check of [{ event: 'bounced', days: 7 }, { event: 'opened', days: 0 }, { event: 'clicked', days: 366 }, { event: 'opened', days: 2.5 }, { event: 'opened' }]) {
      const { error } = await publishWorkflowResult(owner, branching('never', { kind: 'email_engagement', ...check } as ConditionCheck));
      expect({ check, details: error?.details, hint: error?.hint }).toEqual({ check, details: 'condition_invalid', hint: 'check' });
    }
  });
});

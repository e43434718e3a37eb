import type { TransactionSql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileHolding } from '../support/lock-waits';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A contact's lead score follows every edit of a field it depends on, through supabase-js against the real server:
 * each edit below moves a contact across the hot band's lower edge (79 warm ↔ 80 hot) and back, and the score stays
 * within 0–100 whatever the rules add up to. Each test works in a workspace of its own.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
});

afterAll(async () => {
  await server?.close();
});

type Rule = { kind: string; value: string; points: number };

/** A workspace whose only scoring rules are `rules`. */
async function workspaceWithRules(rules: Rule[]): Promise<SignedInUser> {
  const user = await signedInUser(server);
  await server.sql`delete from public.contact_score_rules where organization_id = ${user.organizationId}`;
  if (rules.length) {
    const { error } = await user.client.from('contact_score_rules').insert(rules.map((rule) => ({ organization_id: user.organizationId, ...rule })));
    expect(error).toBeNull();
  }
  return user;
}

async function addContact(user: SignedInUser, values: Record<string, unknown>) {
  const { data, error } = await user.client
    .from('contacts')
    .insert({ organization_id: user.organizationId, first_name: 'Scored', ...values })
    .select('id, lead_score, score_band')
    .single();
  expect(error).toBeNull();
  return data!;
}

/** Edits the contact as the contacts screen does and returns its score as the API answers it, then as stored. */
async function edit(user: SignedInUser, id: string, values: Record<string, unknown>) {
  const { data, error } = await user.client.from('contacts').update(values as never).eq('id', id).select('lead_score, score_band').single();
  expect(error).toBeNull();
  const [stored] = await server.sql`select lead_score, score_band from public.contacts where id = ${id}`;
  expect(stored).toEqual(data);
  return data!;
}

const warm79 = { lead_score: 79, score_band: 'warm' };
const hot80 = { lead_score: 80, score_band: 'hot' };
const recently = () => new Date(Date.now() - 2 * 86_400_000).toISOString();
const longAgo = () => new Date(Date.now() - 60 * 86_400_000).toISOString();

describe('editing a contact recomputes its score and band', () => {
  it.each([
    ['its lifecycle stage', { kind: 'lifecycle_stage', value: 'customer', points: 1 }, { lifecycle_stage: 'customer' }, { lifecycle_stage: 'lead' }],
    ['its source', { kind: 'source', value: 'referral', points: 1 }, { source: 'referral' }, { source: 'manual' }],
    ['its tags (any case)', { kind: 'tag', value: 'vip', points: 1 }, { tags: ['newsletter', 'VIP'] }, { tags: ['newsletter'] }],
    ['its job title (a word of it)', { kind: 'job_title', value: 'director', points: 1 }, { job_title: 'Sales Director EMEA' }, { job_title: 'Analyst' }],
    ['its last activity', { kind: 'recent_activity', value: '14', points: 1 }, { last_activity_at: recently() }, { last_activity_at: longAgo() }],
  ] as const)('%s: 79 warm → 80 hot and back', async (_label, rule, matching, notMatching) => {
    const user = await workspaceWithRules([rule]);
    const contact = await addContact(user, { score_adjustment: 79, ...notMatching });
    expect(contact).toMatchObject(warm79);
    expect(await edit(user, contact.id, matching)).toEqual(hot80);
    expect(await edit(user, contact.id, notMatching)).toEqual(warm79);
  });

  it('its manual adjustment: 79 warm → 80 hot and back, on top of the rules', async () => {
    const user = await workspaceWithRules([{ kind: 'lifecycle_stage', value: 'lead', points: 30 }]);
    const contact = await addContact(user, { lifecycle_stage: 'lead', score_adjustment: 49 });
    expect(contact).toMatchObject(warm79);
    expect(await edit(user, contact.id, { score_adjustment: 50 })).toEqual(hot80);
    expect(await edit(user, contact.id, { score_adjustment: 49 })).toEqual(warm79);
  });

  it('an edit of a field no rule reads keeps the score', async () => {
    const user = await workspaceWithRules([{ kind: 'tag', value: 'vip', points: 1 }]);
    const contact = await addContact(user, { score_adjustment: 79, tags: ['vip'] });
    expect(contact).toMatchObject(hot80);
    expect(await edit(user, contact.id, { company: 'Northwind', notes: 'Called.' })).toEqual(hot80);
  });

  it('bulk_tag_contacts(): adding and removing a tag a rule scores moves the whole selection across 80', async () => {
    const user = await workspaceWithRules([{ kind: 'tag', value: 'vip', points: 1 }]);
    const a = await addContact(user, { score_adjustment: 79 });
    const b = await addContact(user, { score_adjustment: 79, tags: ['newsletter'] });
    const bands = async () => {
      const { data } = await user.client.from('contacts').select('lead_score, score_band').in('id', [a.id, b.id]);
      return data;
    };
    const tag = async (add: string[], remove: string[]) => {
      const { error } = await user.client.rpc('bulk_tag_contacts', { workspace_id: user.organizationId, contact_ids: [a.id, b.id], add_tags: add, remove_tags: remove });
      expect(error).toBeNull();
    };
    await tag(['VIP'], []);
    expect(await bands()).toEqual([hot80, hot80]);
    await tag([], ['vip']);
    expect(await bands()).toEqual([warm79, warm79]);
  });
});

describe('the score stays within 0–100', () => {
  it('caps rules and adjustment above 100 at 100, when added and when edited', async () => {
    const user = await workspaceWithRules([
      { kind: 'lifecycle_stage', value: 'customer', points: 60 },
      { kind: 'source', value: 'referral', points: 40 },
    ]);
    const contact = await addContact(user, { lifecycle_stage: 'customer', source: 'referral', score_adjustment: 30 });
    expect(contact).toMatchObject({ lead_score: 100, score_band: 'hot' });
    expect(await edit(user, contact.id, { score_adjustment: 100 })).toEqual({ lead_score: 100, score_band: 'hot' });
    // 60 + 40 - 1 = 99: the cap is applied to the sum, not to each part.
    expect(await edit(user, contact.id, { score_adjustment: -1 })).toEqual({ lead_score: 99, score_band: 'hot' });
  });

  it('floors rules and adjustment below 0 at 0, when added, edited and when a rule changes', async () => {
    const user = await workspaceWithRules([{ kind: 'lifecycle_stage', value: 'churned', points: -80 }]);
    const contact = await addContact(user, { lifecycle_stage: 'churned', score_adjustment: 50 });
    expect(contact).toMatchObject({ lead_score: 0, score_band: 'cold' });
    expect(await edit(user, contact.id, { score_adjustment: -100 })).toEqual({ lead_score: 0, score_band: 'cold' });
    expect(await edit(user, contact.id, { score_adjustment: 90 })).toEqual({ lead_score: 10, score_band: 'cold' });
    // 90 - 100 = -10.
    const { error } = await user.client.from('contact_score_rules').update({ points: -100 }).eq('organization_id', user.organizationId);
    expect(error).toBeNull();
    const [stored] = await server.sql`select lead_score from public.contacts where id = ${contact.id}`;
    expect(stored).toEqual({ lead_score: 0 });
  });
});

describe('scoring says nothing about a workspace the caller may not write to', () => {
  // The score trigger runs before row-level security refuses a row. While another transaction holds the rules table
  // locked, a trigger that read the target workspace's rules would wait for it: an outsider's refused insert must
  // not (nothing of that workspace's rules is read, so neither its time nor its cost depends on them), a member's
  // insert does (it is scored: the check can see a wait).
  const lockRules = (tx: TransactionSql) => tx`lock table public.contact_score_rules in access exclusive mode`;
  const insertInto = async (user: SignedInUser, organizationId: string) =>
    await user.client.from('contacts').insert({ organization_id: organizationId, first_name: 'Probe', tags: ['vip'] });

  it('an outsider’s insert into another workspace is refused without reading its rules; a member’s is scored', async () => {
    const member = await workspaceWithRules([{ kind: 'tag', value: 'vip', points: 30 }]);
    const outsider = await signedInUser(server);
    const refused = await whileHolding(server.sql, lockRules, () => insertInto(outsider, member.organizationId));
    expect(refused.lockWaits).toEqual([]);
    expect(refused.result.error).toMatchObject({ code: '42501' });
    const scored = await whileHolding(server.sql, lockRules, () => insertInto(member, member.organizationId));
    expect(scored.lockWaits).not.toEqual([]);
    expect(scored.result.error).toBeNull();
  });
});

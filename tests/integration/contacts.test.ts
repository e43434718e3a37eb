import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsPageQuery } from '@/features/contacts/api/contacts-query';
import { NO_CONTACT_FILTERS } from '@/features/contacts/utils/contact-filters';
import { signedInUser, signedInUserWithoutScoreRules, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Contacts of a workspace through supabase-js against the real server: lead score and bands computed by the
 * database from the workspace's rules, e-mail uniqueness, search, keyset pages, bulk operations, the overview.
 * Each test works in a workspace of its own (a new signed-in user), so tests do not see each other's rows.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
});

afterAll(async () => {
  await server?.close();
});

async function addContact(user: SignedInUser, values: Record<string, unknown>) {
  const { data, error } = await user.client
    .from('contacts')
    .insert({ organization_id: user.organizationId, ...values })
    .select('id, lead_score, score_band, updated_at')
    .single();
  expect(error).toBeNull();
  return data!;
}

describe('lead score bands (computed by the database)', () => {
  it.each([
    [0, 0, 'cold'],
    [39, 39, 'cold'],
    [40, 40, 'cool'],
    [59, 59, 'cool'],
    [60, 60, 'warm'],
    [79, 79, 'warm'],
    [80, 80, 'hot'],
    [100, 100, 'hot'],
    [-30, 0, 'cold'],
  ])('a manual adjustment of %i gives the score %i, band %s', async (adjustment, score, band) => {
    const user = await signedInUserWithoutScoreRules(server);
    expect(await addContact(user, { first_name: 'Band', score_adjustment: adjustment })).toMatchObject({ lead_score: score, score_band: band });
  });

  it('adds the points of every matching rule to the adjustment and keeps the sum within 0–100', async () => {
    const user = await signedInUserWithoutScoreRules(server);
    const { error } = await user.client.from('contact_score_rules').insert([
      { organization_id: user.organizationId, kind: 'lifecycle_stage', value: 'sales_qualified', points: 50 },
      { organization_id: user.organizationId, kind: 'source', value: 'referral', points: 20 },
      { organization_id: user.organizationId, kind: 'job_title', value: 'Director', points: 15 },
      { organization_id: user.organizationId, kind: 'tag', value: 'vip', points: 10 },
      { organization_id: user.organizationId, kind: 'recent_activity', value: '7', points: 5 },
    ]);
    expect(error).toBeNull();
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const old = new Date(Date.now() - 30 * 86_400_000).toISOString();
    expect(await addContact(user, { first_name: 'Stage', lifecycle_stage: 'sales_qualified', score_adjustment: -11 })).toMatchObject({ lead_score: 39, score_band: 'cold' });
    expect(await addContact(user, { first_name: 'Title', job_title: 'Marketing director EMEA', tags: ['VIP'], last_activity_at: recent })).toMatchObject({ lead_score: 30 });
    expect(await addContact(user, { first_name: 'Quiet', job_title: 'Intern', last_activity_at: old })).toMatchObject({ lead_score: 0 });
    expect(
      await addContact(user, { first_name: 'All', lifecycle_stage: 'sales_qualified', source: 'referral', job_title: 'Director', tags: ['vip'], last_activity_at: recent }),
    ).toMatchObject({ lead_score: 100, score_band: 'hot' });
  });

  it('recomputes every contact of the workspace when a rule changes or goes, without marking the contacts edited', async () => {
    const user = await signedInUserWithoutScoreRules(server);
    const { data: rule } = await user.client
      .from('contact_score_rules')
      .insert({ organization_id: user.organizationId, kind: 'lifecycle_stage', value: 'customer', points: 70 })
      .select('id')
      .single();
    const contact = await addContact(user, { first_name: 'Cust', lifecycle_stage: 'customer', score_adjustment: 9 });
    expect(contact).toMatchObject({ lead_score: 79, score_band: 'warm' });

    await user.client.from('contact_score_rules').update({ points: 71 }).eq('id', rule!.id);
    const { data: hot } = await user.client.from('contacts').select('lead_score, score_band, updated_at').eq('id', contact.id).single();
    expect(hot).toEqual({ lead_score: 80, score_band: 'hot', updated_at: contact.updated_at });

    await user.client.from('contact_score_rules').delete().eq('id', rule!.id);
    const { data: cold } = await user.client.from('contacts').select('lead_score, score_band').eq('id', contact.id).single();
    expect(cold).toEqual({ lead_score: 9, score_band: 'cold' });
  });

  it('refuses typing a score: lead_score and score_band are not writable', async () => {
    const user = await signedInUserWithoutScoreRules(server);
    const insert = await user.client.from('contacts').insert({ organization_id: user.organizationId, first_name: 'X', lead_score: 95 } as never);
    expect(insert.error).toMatchObject({ code: '42501' });
    const contact = await addContact(user, { first_name: 'Y' });
    const update = await user.client.from('contacts').update({ lead_score: 95 } as never).eq('id', contact.id);
    expect(update.error).toMatchObject({ code: '42501' });
    const band = await user.client.from('contacts').update({ score_band: 'hot' } as never).eq('id', contact.id);
    expect(band.error).not.toBeNull();
  });

  it('starts a new workspace with default rules', async () => {
    const user = await signedInUser(server);
    const { data } = await user.client.from('contact_score_rules').select('kind, value, points').eq('organization_id', user.organizationId);
    expect(data).toContainEqual({ kind: 'lifecycle_stage', value: 'sales_qualified', points: 55 });
    expect(data!.length).toBeGreaterThanOrEqual(10);
  });

  it.each([
    ['an unknown kind', { kind: 'country', value: 'FR', points: 5 }, 'contact_score_rules_kind_check'],
    ['an unknown stage', { kind: 'lifecycle_stage', value: 'hot', points: 5 }, 'contact_score_rules_value_check'],
    ['days that are not a number', { kind: 'recent_activity', value: 'week', points: 5 }, 'contact_score_rules_value_check'],
    ['more than 100 points', { kind: 'tag', value: 'vip', points: 101 }, 'contact_score_rules_points_range'],
  ])('refuses a rule with %s', async (_label, rule, constraint) => {
    const user = await signedInUserWithoutScoreRules(server);
    const { error, status } = await user.client.from('contact_score_rules').insert({ organization_id: user.organizationId, ...rule });
    expect(status).toBe(400);
    expect(error!.message).toContain(constraint);
  });
});

describe('contacts: e-mail, owner, search and pages', () => {
  it('keeps e-mail unique per workspace whatever its case, and lets another workspace hold the same address', async () => {
    const [a, b] = await Promise.all([signedInUser(server), signedInUser(server)]);
    await addContact(a, { email: 'Dana@Northwind.example' });
    const duplicate = await a.client.from('contacts').insert({ organization_id: a.organizationId, email: 'dana@northwind.EXAMPLE' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505' });
    // The other workspace learns nothing: its insert of the same address simply succeeds.
    await addContact(b, { email: 'dana@northwind.example' });
  });

  it.each([
    ['an e-mail with a display name', { email: 'Dana <dana@x.example>' }, 'contacts_email_format'],
    ['an e-mail with a line break', { email: 'dana@x.example\r\nBcc: y@z.example' }, 'contacts_email_format'],
    ['neither name nor e-mail', { company: 'Only a company' }, 'contacts_named'],
    ['an unknown stage', { first_name: 'X', lifecycle_stage: 'hot' }, 'contacts_lifecycle_stage_check'],
    ['an unknown source', { first_name: 'X', source: 'cold-call' }, 'contacts_source_check'],
    ['a tag with spaces around it', { first_name: 'X', tags: [' vip'] }, 'contacts_tags_check'],
    ['letters in the phone number', { first_name: 'X', phone: 'call me' }, 'contacts_phone_format'],
  ])('refuses %s with a 400 naming the rule', async (_label, values, constraint) => {
    const user = await signedInUser(server);
    const { error, status } = await user.client.from('contacts').insert({ organization_id: user.organizationId, ...values });
    expect(status).toBe(400);
    expect(error!.message).toContain(constraint);
  });

  it('accepts an owner who is a workspace member, refuses anyone else, and frees contacts of a member who leaves', async () => {
    const [owner, stranger, colleague] = await Promise.all([signedInUser(server), signedInUser(server), signedInUser(server)]);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${colleague.id}, 'member')`;
    const refused = await owner.client.from('contacts').insert({ organization_id: owner.organizationId, first_name: 'X', owner_id: stranger.id });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: '23514', details: 'owner_not_member' });
    const contact = await addContact(owner, { first_name: 'Owned', owner_id: colleague.id });
    await server.sql`delete from public.organization_members where organization_id = ${owner.organizationId} and user_id = ${colleague.id}`;
    const { data } = await owner.client.from('contacts').select('owner_id').eq('id', contact.id).single();
    expect(data).toEqual({ owner_id: null });
  });

  it('finds contacts by any part of name, e-mail or company (full text, prefixes)', async () => {
    const user = await signedInUser(server);
    await addContact(user, { first_name: 'Dana', last_name: 'Reyes', email: 'dana@northwind.example', company: 'Northwind Traders' });
    await addContact(user, { first_name: 'Li', last_name: 'Wei', email: 'li.wei@contoso.example', company: 'Contoso' });
    const search = async (query: string) => {
      const { data, error } = await user.client
        .from('contacts')
        .select('first_name')
        .eq('organization_id', user.organizationId)
        .textSearch('search_document', query, { config: 'simple' });
      expect(error).toBeNull();
      return data!.map((row) => row.first_name).sort();
    };
    expect(await search('rey:*')).toEqual(['Dana']);
    expect(await search('northw:*')).toEqual(['Dana']);
    expect(await search('li.wei:*')).toEqual(['Li']);
    expect(await search('contoso:* & li:*')).toEqual(['Li']);
    expect(await search('nobody:*')).toEqual([]);
  });

  it('filters the list by a tag in any case, as the contacts screen asks', async () => {
    const user = await signedInUser(server);
    await addContact(user, { first_name: 'Upper', tags: ['VIP', 'Newsletter'] });
    await addContact(user, { first_name: 'Lower', tags: ['vip'] });
    await addContact(user, { first_name: 'Other', tags: ['vipish'] });
    const withTag = async (tag: string) => {
      const { data, error } = await contactsPageQuery(user.client as never, user.organizationId, { ...NO_CONTACT_FILTERS, tag, sort: 'name' }, null, 50);
      expect(error).toBeNull();
      return data!.map((row) => row.first_name);
    };
    expect(await withTag('vip')).toEqual(['Lower', 'Upper']);
    expect(await withTag(' Vip ')).toEqual(['Lower', 'Upper']);
    expect(await withTag('NEWSLETTER')).toEqual(['Upper']);
  });

  it('pages by score with a keyset cursor: every contact once, in order', async () => {
    const user = await signedInUserWithoutScoreRules(server);
    const { error } = await user.client
      .from('contacts')
      .insert(Array.from({ length: 25 }, (_, n) => ({ organization_id: user.organizationId, first_name: `P${n}`, score_adjustment: n % 5 })));
    expect(error).toBeNull();
    const seen: { id: string; lead_score: number }[] = [];
    let cursor: { lead_score: number; id: string } | null = null;
    for (let page = 0; page < 10; page++) {
      let query = user.client.from('contacts').select('id, lead_score').eq('organization_id', user.organizationId);
      if (cursor) query = query.lte('lead_score', cursor.lead_score).or(`lead_score.lt.${cursor.lead_score},id.lt.${cursor.id}`);
      const { data } = await query.order('lead_score', { ascending: false }).order('id', { ascending: false }).limit(7);
      seen.push(...data!);
      if (data!.length < 7) break;
      cursor = data![data!.length - 1]!;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen.map((row) => row.id)).size).toBe(25);
    expect(seen.map((row) => row.lead_score)).toEqual([...seen.map((row) => row.lead_score)].sort((x, y) => y - x));
  });
});

describe('bulk tag and bulk delete', () => {
  it('tags and untags a selection (any case, no duplicates) and says how many changed', async () => {
    const user = await signedInUser(server);
    const a = await addContact(user, { first_name: 'A', tags: ['VIP', 'newsletter'] });
    const b = await addContact(user, { first_name: 'B' });
    const { data, error } = await user.client.rpc('bulk_tag_contacts', {
      workspace_id: user.organizationId,
      contact_ids: [a.id, b.id],
      add_tags: ['vip', 'Q4 event'],
      remove_tags: ['NEWSLETTER'],
    });
    expect(error).toBeNull();
    expect(data).toBe(2);
    const { data: rows } = await user.client.from('contacts').select('first_name, tags').in('id', [a.id, b.id]).order('first_name');
    expect(rows).toEqual([
      { first_name: 'A', tags: ['VIP', 'Q4 event'] },
      { first_name: 'B', tags: ['vip', 'Q4 event'] },
    ]);
  });

  it('refuses a selection holding another workspace’s contact or a made-up id, and changes nothing', async () => {
    const [user, other] = await Promise.all([signedInUser(server), signedInUser(server)]);
    const own = await addContact(user, { first_name: 'Own' });
    const foreign = await addContact(other, { first_name: 'Foreign' });
    for (const ids of [[own.id, foreign.id], [own.id, '00000000-0000-4000-8000-00000000abcd']]) {
      const tag = await user.client.rpc('bulk_tag_contacts', { workspace_id: user.organizationId, contact_ids: ids, add_tags: ['x'] });
      expect(tag.error).toMatchObject({ code: 'P0001', details: 'unknown_contacts' });
      const del = await user.client.rpc('bulk_delete_contacts', { workspace_id: user.organizationId, contact_ids: ids });
      expect(del.error).toMatchObject({ code: 'P0001', details: 'unknown_contacts' });
    }
    // Naming the other workspace does not help either: the caller is not a member there.
    const del = await user.client.rpc('bulk_delete_contacts', { workspace_id: other.organizationId, contact_ids: [foreign.id] });
    expect(del.error).toMatchObject({ code: '42501', details: 'not_a_member' });
    expect(await server.sql`select count(*)::int as n from public.contacts where id in (${own.id}, ${foreign.id}) and tags = '{}'`).toEqual([{ n: 2 }]);
  });

  it('deletes a selection', async () => {
    const user = await signedInUser(server);
    const ids = await Promise.all(['A', 'B', 'C'].map(async (name) => (await addContact(user, { first_name: name })).id));
    const { data } = await user.client.rpc('bulk_delete_contacts', { workspace_id: user.organizationId, contact_ids: ids.slice(0, 2) });
    expect(data).toBe(2);
    const { data: left } = await user.client.from('contacts').select('first_name').eq('organization_id', user.organizationId);
    expect(left).toEqual([{ first_name: 'C' }]);
  });
});

describe('contact_overview(): the Retention Center’s figures', () => {
  it('counts bands and stages, lists hot contacts to call and contacts gone quiet', async () => {
    const user = await signedInUserWithoutScoreRules(server);
    await addContact(user, { first_name: 'Hot1', score_adjustment: 95, lifecycle_stage: 'sales_qualified', last_activity_at: new Date().toISOString() });
    await addContact(user, { first_name: 'Hot2', score_adjustment: 80, lifecycle_stage: 'customer' });
    await addContact(user, { first_name: 'Warm', score_adjustment: 60, last_activity_at: new Date(Date.now() - 45 * 86_400_000).toISOString() });
    await addContact(user, { first_name: 'Gone', score_adjustment: 10, lifecycle_stage: 'churned', last_activity_at: new Date(Date.now() - 90 * 86_400_000).toISOString() });
    const { data, error } = await user.client.rpc('contact_overview', { workspace_id: user.organizationId });
    expect(error).toBeNull();
    const overview = data as Record<string, unknown> & { hot_to_call: { first_name: string; score_band: string }[]; quiet: { first_name: string; score_band: string }[] };
    expect(overview).toMatchObject({
      total: 4,
      bands: { hot: 2, warm: 1, cool: 0, cold: 1 },
      stages: { subscriber: 1, lead: 0, marketing_qualified: 0, sales_qualified: 1, customer: 1, churned: 1 },
      quiet_count: 1,
    });
    // Each listed contact carries the database's band: the app shows it as it is, never derived again.
    expect(overview.hot_to_call.map((c) => [c.first_name, c.score_band])).toEqual([['Hot1', 'hot'], ['Hot2', 'hot']]);
    expect(overview.quiet.map((c) => [c.first_name, c.score_band])).toEqual([['Warm', 'warm']]);
  });
});

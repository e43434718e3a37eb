import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaignsPageQuery } from '../../src/features/campaigns/api/campaigns-query';
import { contentItemsPageQuery } from '../../src/features/content/api/content-items-query';
import { toKeysetPage, type KeysetCursor } from '../../src/lib/keyset';
import { signUpUser, type SignedInUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Content items and campaigns as the Content Hub and the Ad Console use them: real server, real auth (users signed
 * up through /auth/v1), real supabase-js, and the app's own list queries. Two organizations: A (Alice, and Bob who
 * joined it) and B (Mallory). Every attack is checked by reading the rows back as their owner.
 */

let server: TestServer;
let alice: Member; // organization A (owner)
let bob: Member; // organization A (member)
let mallory: Member; // organization B

interface Member extends SignedInUser {
  id: string;
  organizationId: string;
}

async function member(metadata: Record<string, unknown>): Promise<Member> {
  const signedIn = await signUpUser(server, { metadata });
  const [profile] = await server.sql<{ organization_id: string }[]>`
    select organization_id from public.profiles where user_id = ${signedIn.user.id}`;
  return { ...signedIn, id: signedIn.user.id, organizationId: profile!.organization_id };
}

/** Every page of a list query, as the app walks it (Load More). */
async function allPages<T extends { id: string; created_at: string }>(
  fetchPage: (cursor: KeysetCursor | null) => PromiseLike<{ data: T[] | null; error: unknown }>,
  pageSize: number,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: KeysetCursor | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const { data, error } = await fetchPage(cursor);
    expect(error).toBeNull();
    const page = toKeysetPage(data!, pageSize);
    rows.push(...page.items);
    if (!page.nextCursor) return rows;
    cursor = page.nextCursor;
  }
  throw new Error('the list did not end');
}

const contentList = (who: Member) => contentItemsPageQuery(who.client, who.organizationId, null);
const campaignList = (who: Member) => campaignsPageQuery(who.client, who.organizationId, null);

beforeAll(async () => {
  server = await startTestServer();
  alice = await member({ first_name: 'Alice', last_name: 'A', company_name: 'Organization A' });
  bob = await member({ first_name: 'Bob', last_name: 'A', company_name: 'Bob Personal' });
  mallory = await member({ first_name: 'Mallory', last_name: 'B', company_name: 'Organization B' });
  // Bob joins organization A and works in it (there is no invitation flow yet: done as the service would).
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${alice.organizationId}, ${bob.id}, 'member')`;
  await server.sql`update public.profiles set organization_id = ${alice.organizationId} where user_id = ${bob.id}`;
  bob.organizationId = alice.organizationId;
});

beforeEach(async () => {
  await server.sql`delete from public.content_items`;
  await server.sql`delete from public.campaigns`;
});

afterAll(async () => {
  await server?.close();
});

describe('each organization sees and manages only its own rows', () => {
  it('content items: members of A share theirs, B sees none of them, and the other way round', async () => {
    const created = await alice.client
      .from('content_items')
      .insert({ title: 'Launch post', tags: ['launch'], user_id: alice.id, organization_id: alice.organizationId });
    expect([created.status, created.error]).toEqual([201, null]);
    const planted = await mallory.client.from('content_items').insert({ title: 'B roadmap', user_id: mallory.id, organization_id: mallory.organizationId });
    expect(planted.error).toBeNull();

    const forBob = await contentList(bob);
    expect(forBob.data!.map((row) => [row.title, row.user_id, row.organization_id])).toEqual([['Launch post', alice.id, alice.organizationId]]);
    // Bob edits and deletes what Alice wrote: it belongs to their organization.
    const edited = await bob.client.from('content_items').update({ status: 'review', tags: ['launch', 'q3'] }).eq('id', forBob.data![0]!.id).select('id');
    expect(edited.data).toHaveLength(1);
    expect((await contentList(alice)).data!.map((row) => [row.status, row.tags])).toEqual([['review', ['launch', 'q3']]]);

    expect((await contentList(mallory)).data!.map((row) => row.title)).toEqual(['B roadmap']);
    // Asking for A's organization explicitly changes nothing: RLS decides.
    const pryA = await contentItemsPageQuery(mallory.client, alice.organizationId, null);
    expect([pryA.status, pryA.data]).toEqual([200, []]);
    const pryB = await contentItemsPageQuery(alice.client, mallory.organizationId, null);
    expect([pryB.status, pryB.data]).toEqual([200, []]);

    const removed = await bob.client.from('content_items').delete().eq('id', forBob.data![0]!.id).select('id');
    expect(removed.data).toHaveLength(1);
    expect((await contentList(alice)).data).toEqual([]);
  });

  it("campaigns: the Ad Console list holds only A's advertising campaigns, newest first", async () => {
    for (const title of ['First', 'Second']) {
      const { error } = await alice.client
        .from('campaigns')
        .insert({ title, type: 'advertising', budget: 1500.5, platforms: ['Google Ads'], user_id: alice.id, organization_id: alice.organizationId });
      expect(error).toBeNull();
    }
    await alice.client.from('campaigns').insert({ title: 'Newsletter', type: 'email', user_id: alice.id, organization_id: alice.organizationId });
    await mallory.client.from('campaigns').insert({ title: 'B campaign', type: 'advertising', user_id: mallory.id, organization_id: mallory.organizationId });

    const forBob = await campaignList(bob);
    expect(forBob.data!.map((row) => [row.title, row.budget, row.platforms])).toEqual([
      ['Second', 1500.5, ['Google Ads']],
      ['First', 1500.5, ['Google Ads']],
    ]);
    expect((await campaignList(mallory)).data!.map((row) => row.title)).toEqual(['B campaign']);
    expect((await campaignsPageQuery(mallory.client, alice.organizationId, null)).data).toEqual([]);
  });

  it('a member who leaves the organization loses its rows at once', async () => {
    const carol = await member({ first_name: 'Carol', last_name: 'A' });
    await server.sql`insert into public.organization_members (organization_id, user_id) values (${alice.organizationId}, ${carol.id})`;
    await alice.client.from('content_items').insert({ title: 'Team plan', user_id: alice.id, organization_id: alice.organizationId });
    expect((await contentItemsPageQuery(carol.client, alice.organizationId, null)).data).toHaveLength(1);
    await server.sql`delete from public.organization_members where organization_id = ${alice.organizationId} and user_id = ${carol.id}`;
    expect((await contentItemsPageQuery(carol.client, alice.organizationId, null)).data).toEqual([]);
    const write = await carol.client.from('content_items').insert({ title: 'Late', user_id: carol.id, organization_id: alice.organizationId });
    expect([write.status, write.error?.code]).toEqual([403, '42501']);
  });
});

describe('new rows: stamped with the caller and the organization; updated_at by trigger', () => {
  it('a row gets its author, organization and defaults; updated_at moves on update, created_at does not', async () => {
    const { data, error } = await alice.client
      .from('content_items')
      .insert({ title: 'Defaults', user_id: alice.id, organization_id: alice.organizationId })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ user_id: alice.id, organization_id: alice.organizationId, content_type: 'article', status: 'draft', tags: [] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const updated = await bob.client.from('content_items').update({ title: 'Renamed' }).eq('id', data!.id).select().single();
    expect(updated.data!.created_at).toBe(data!.created_at);
    expect(updated.data!.updated_at > data!.updated_at).toBe(true);
    expect(updated.data!.user_id).toBe(alice.id);
  });

  it('the client cannot forge the author, the organization or the timestamps (403 42501)', async () => {
    const forgedAuthor = await mallory.client.from('content_items').insert({ title: 'Forged', user_id: alice.id, organization_id: mallory.organizationId });
    expect([forgedAuthor.status, forgedAuthor.error?.code]).toEqual([403, '42501']);
    const noAuthor = await mallory.client.from('campaigns').insert({ title: 'Nobody', user_id: null, organization_id: mallory.organizationId });
    expect([noAuthor.status, noAuthor.error?.code]).toEqual([403, '42501']);
    const intoA = await mallory.client.from('campaigns').insert({ title: 'Planted', user_id: mallory.id, organization_id: alice.organizationId });
    expect([intoA.status, intoA.error?.code]).toEqual([403, '42501']);
    const backdated = await alice.client
      .from('content_items')
      .insert({ title: 'Backdated', user_id: alice.id, organization_id: alice.organizationId, created_at: '2001-01-01T00:00:00Z' });
    expect([backdated.status, backdated.error?.code]).toEqual([403, '42501']);
    expect(await server.sql`select title from public.content_items union all select title from public.campaigns`).toEqual([]);
  });
});

describe("cross-organization attempts change nothing (read back as the owner)", () => {
  it.each(['content_items', 'campaigns'] as const)('%s: update, delete and move by B; move by A', async (table) => {
    const { data: row } = await alice.client
      .from(table)
      .insert({ title: 'Owned by A', user_id: alice.id, organization_id: alice.organizationId })
      .select()
      .single();
    const readBack = async () => (await alice.client.from(table).select('*').eq('id', row!.id)).data;
    const before = await readBack();
    expect(before).toHaveLength(1);

    const update = await mallory.client.from(table).update({ title: 'Hacked' }).eq('id', row!.id).select('id');
    expect([update.status, update.data]).toEqual([200, []]);
    const remove = await mallory.client.from(table).delete().eq('id', row!.id).select('id');
    expect([remove.status, remove.data]).toEqual([200, []]);
    const steal = await mallory.client.from(table).update({ organization_id: mallory.organizationId } as never).eq('id', row!.id);
    expect([steal.status, steal.error?.code]).toEqual([403, '42501']);
    const reassign = await mallory.client.from(table).update({ user_id: mallory.id } as never).eq('id', row!.id);
    expect([reassign.status, reassign.error?.code]).toEqual([403, '42501']);
    // Not even a member of A may move the row out of A.
    const move = await bob.client.from(table).update({ organization_id: mallory.organizationId } as never).eq('id', row!.id);
    expect([move.status, move.error?.code]).toEqual([403, '42501']);

    expect(await readBack()).toEqual(before);
    expect((await contentList(mallory)).data).toEqual([]);
  });
});

describe('the database refuses bad values with PostgREST errors, storing nothing', () => {
  const cases: [string, 'content_items' | 'campaigns', Record<string, unknown>, string, string][] = [
    ['unknown content status', 'content_items', { title: 'x', status: 'live' }, '23514', 'content_items_status_check'],
    ['unknown content type', 'content_items', { title: 'x', content_type: 'podcast' }, '23514', 'content_items_content_type_check'],
    ['empty title', 'content_items', { title: '' }, '23514', 'content_items_title_length'],
    ['blank title', 'campaigns', { title: '   ' }, '23514', 'campaigns_title_length'],
    ['title over 200 characters', 'content_items', { title: 'x'.repeat(201) }, '23514', 'content_items_title_length'],
    ['title of tabs and line breaks only', 'content_items', { title: '\t\n' }, '23514', 'content_items_title_length'],
    ['title over 200 characters as stored (spaces count)', 'campaigns', { title: ` ${'x'.repeat(200)}` }, '23514', 'campaigns_title_length'],
    ['an empty tag', 'content_items', { title: 'x', tags: ['seo', ''] }, '23514', 'content_items_tags_entries'],
    ['a tag with surrounding white space', 'content_items', { title: 'x', tags: [' seo'] }, '23514', 'content_items_tags_entries'],
    ['a tag holding a comma (it would split when edited)', 'content_items', { title: 'x', tags: ['seo,launch'] }, '23514', 'content_items_tags_entries'],
    ['a tag over 50 characters', 'content_items', { title: 'x', tags: ['x'.repeat(51)] }, '23514', 'content_items_tags_entries'],
    ['featured image URL that is not a URL', 'content_items', { title: 'x', featured_image_url: 'javascript:alert(1)' }, '23514', 'content_items_featured_image_url_format'],
    ['unknown campaign status', 'campaigns', { title: 'x', status: 'running' }, '23514', 'campaigns_status_check'],
    ['negative budget', 'campaigns', { title: 'x', budget: -0.01 }, '23514', 'campaigns_budget_check'],
    ['end before start', 'campaigns', { title: 'x', start_date: '2026-06-02', end_date: '2026-06-01' }, '23514', 'campaigns_dates_check'],
    ['platform outside the list', 'campaigns', { title: 'x', platforms: ['Google Ads', 'MySpace Ads'] }, '23514', 'campaigns_platforms_check'],
    ['execution method outside the list', 'campaigns', { title: 'x', execution_methods: ['Billboards'] }, '23514', 'campaigns_execution_methods_check'],
    ['ad collateral outside the list', 'campaigns', { title: 'x', ad_collateral: ['Flyers'] }, '23514', 'campaigns_ad_collateral_check'],
  ];

  it.each(cases)('%s (%s) → 400', async (_name, table, values, code, constraint) => {
    const result = await alice.client.from(table).insert({ ...values, user_id: alice.id, organization_id: alice.organizationId } as never);
    expect([result.status, result.error?.code]).toEqual([400, code]);
    expect(result.error?.message).toBe(`new row for relation "${table}" violates check constraint "${constraint}"`);
    expect(await server.sql.unsafe(`select id from public.${table}`)).toEqual([]);
  });

  it('a missing title → 400 23502; a budget beyond numeric(14,2) → 400 22003; an update to a bad value → 400 23514', async () => {
    const missing = await alice.client.from('content_items').insert({ user_id: alice.id, organization_id: alice.organizationId } as never);
    expect([missing.status, missing.error?.code]).toEqual([400, '23502']);
    const huge = await alice.client.from('campaigns').insert({ title: 'x', budget: 1e12, user_id: alice.id, organization_id: alice.organizationId });
    expect([huge.status, huge.error?.code]).toEqual([400, '22003']);
    const { data: row } = await alice.client
      .from('campaigns')
      .insert({ title: 'Fine', budget: 10, start_date: '2026-06-01', user_id: alice.id, organization_id: alice.organizationId })
      .select()
      .single();
    const backwards = await bob.client.from('campaigns').update({ end_date: '2026-05-31' }).eq('id', row!.id);
    expect([backwards.status, backwards.error?.code]).toEqual([400, '23514']);
    const negative = await bob.client.from('campaigns').update({ budget: -5 }).eq('id', row!.id);
    expect([negative.status, negative.error?.code]).toEqual([400, '23514']);
    expect((await alice.client.from('campaigns').select('budget, end_date').eq('id', row!.id)).data).toEqual([{ budget: 10, end_date: null }]);
  });

  it("a campaign's type is set on insert and cannot be changed, even by its organization (403 42501)", async () => {
    const { data: row } = await alice.client
      .from('campaigns')
      .insert({ title: 'Search push', type: 'advertising', user_id: alice.id, organization_id: alice.organizationId })
      .select()
      .single();
    const retype = await alice.client.from('campaigns').update({ type: 'email' } as never).eq('id', row!.id);
    expect([retype.status, retype.error?.code]).toEqual([403, '42501']);
    expect((await alice.client.from('campaigns').select('type').eq('id', row!.id)).data).toEqual([{ type: 'advertising' }]);
    const fine = await alice.client.from('content_items').insert({ title: 'Tagged', tags: ['seo', 'x'.repeat(50)], user_id: alice.id, organization_id: alice.organizationId });
    expect(fine.error).toBeNull();
  });
});

describe('the list queries page through every row once, newest first', () => {
  it('content items: rows inserted together share created_at and still come once each, in (created_at, id) order', async () => {
    // One request per batch: the rows of a batch get the same now() from the trigger.
    for (const batch of [0, 1, 2]) {
      const rows = Array.from({ length: 23 }, (_, index) => ({
        title: `Batch ${batch} item ${index}`,
        user_id: alice.id,
        organization_id: alice.organizationId,
      }));
      expect((await alice.client.from('content_items').insert(rows)).error).toBeNull();
    }
    await mallory.client.from('content_items').insert({ title: 'Not A', user_id: mallory.id, organization_id: mallory.organizationId });

    const pageSize = 10;
    const walked = await allPages((cursor) => contentItemsPageQuery(bob.client, bob.organizationId, cursor, pageSize), pageSize);
    const expected = await server.sql<{ id: string }[]>`
      select id from public.content_items where organization_id = ${alice.organizationId} order by created_at desc, id desc`;
    expect(walked.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(new Set(walked.map((row) => row.created_at)).size).toBe(3);
  });

  it('campaigns: the same, advertising only', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => ({
      title: `Campaign ${index}`,
      type: index === 3 ? 'email' : 'advertising',
      user_id: alice.id,
      organization_id: alice.organizationId,
    }));
    expect((await alice.client.from('campaigns').insert(rows)).error).toBeNull();
    const walked = await allPages((cursor) => campaignsPageQuery(alice.client, alice.organizationId, cursor, 2), 2);
    const expected = await server.sql<{ id: string }[]>`
      select id from public.campaigns where organization_id = ${alice.organizationId} and type = 'advertising' order by created_at desc, id desc`;
    expect(walked.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(walked).toHaveLength(6);
  });
});

describe('nothing is saved without a signed-in user', () => {
  it('anonymous inserts are refused (401 42501)', async () => {
    const anon = server.client();
    const content = await anon.from('content_items').insert({ title: 'Anon', organization_id: alice.organizationId });
    expect([content.status, content.error?.code]).toEqual([401, '42501']);
    const campaign = await anon.from('campaigns').insert({ title: 'Anon', organization_id: alice.organizationId });
    expect([campaign.status, campaign.error?.code]).toEqual([401, '42501']);
    expect(await server.sql`select title from public.content_items union all select title from public.campaigns`).toEqual([]);
  });
});

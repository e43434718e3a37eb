import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endSession, mintSession } from '../support/tokens';
import { clientWithToken, signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Every call pattern of the spec (§7) through the real @supabase/supabase-js, as anon, as a marketing
 * user and as a site admin, against the real migrations and their row-level security.
 */

let server: TestServer;
let user: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signedInUser(server, { metadata: { first_name: 'Uma', last_name: 'User', company_name: 'Uma Co' } });
  admin = await signedInUser(server, { siteAdmin: true });
});

afterAll(async () => {
  await server?.close();
});

describe('anon (the public site)', () => {
  it('reads menu items ordered by sort_order', async () => {
    const { data, error, status } = await server.client().from('menu_items').select('*').order('sort_order');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data!.map((item) => [item.name, item.href, item.sort_order])).toEqual([
      ['Home', '/', 1],
      ['Portfolio', '/portfolio', 2],
      ['About', '/about', 3],
      ['ROI', '/roi', 4],
    ]);
  });

  it('counts with head: true (HEAD + count=exact)', async () => {
    const { count, data, error, status } = await server.client().from('menu_items').select('*', { count: 'exact', head: true });
    expect([error, data, count, status]).toEqual([null, null, 4, 200]);
  });

  it('pages with range and an exact count (206)', async () => {
    const { data, count, status } = await server.client().from('menu_items').select('name', { count: 'exact' }).order('sort_order').range(1, 2);
    expect([data, count, status]).toEqual([[{ name: 'Portfolio' }, { name: 'About' }], 4, 206]);
  });

  it('sees no admin pages (200, an empty list: only site admins see rows)', async () => {
    const { data, error, status } = await server.client().from('admin_pages').select('*').order('number');
    expect([status, error, data]).toEqual([200, null, []]);
  });

  it('may not write the menu (401 42501)', async () => {
    const { error, status } = await server.client().from('menu_items').insert({ name: 'Evil', href: '/evil', sort_order: 99 });
    expect([status, error?.code]).toEqual([401, '42501']);
  });

  it('is_site_admin() is false', async () => {
    expect((await server.client().rpc('is_site_admin')).data).toBe(false);
  });
});

describe('a marketing user', () => {
  it('reads its own profile with .single() and updates last_active', async () => {
    const profile = await user.client.from('profiles').select('*').eq('user_id', user.id).single();
    expect(profile.error).toBeNull();
    expect(profile.data).toMatchObject({ user_id: user.id, first_name: 'Uma', last_name: 'User', organization_id: user.organizationId });

    const now = new Date().toISOString();
    const update = await user.client.from('profiles').update({ last_active: now }).eq('user_id', user.id);
    expect([update.error, update.status]).toEqual([null, 204]);
    const [row] = await server.sql`select last_active from public.profiles where user_id = ${user.id}`;
    expect(new Date(row!.last_active as string).toISOString()).toBe(now);
  });

  it('.single() with no row is 406 PGRST116; .maybeSingle() is null', async () => {
    const single = await user.client.from('profiles').select('*').eq('user_id', admin.id).single();
    expect(single.status).toBe(406);
    expect(single.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const maybe = await user.client.from('profiles').select('*').eq('user_id', admin.id).maybeSingle();
    expect([maybe.data, maybe.error]).toEqual([null, null]);
  });

  it('content items: insert without and with .select(), ordered list, update with tags, count, delete', async () => {
    const plain = await user.client.from('content_items').insert({ title: 'First draft', user_id: user.id });
    expect([plain.error, plain.status, plain.data]).toEqual([null, 201, null]);

    const created = await user.client
      .from('content_items')
      .insert({ title: 'Launch post', content_type: 'blog_post', status: 'review', tags: ['launch', 'web'], user_id: user.id })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      title: 'Launch post',
      content_type: 'blog_post',
      status: 'review',
      tags: ['launch', 'web'],
      user_id: user.id,
      organization_id: user.organizationId,
    });

    const list = await user.client.from('content_items').select('*').order('created_at', { ascending: false });
    expect(list.error).toBeNull();
    expect(list.data!.map((item) => item.title)).toEqual(['Launch post', 'First draft']);

    const updated = await user.client
      .from('content_items')
      .update({ title: 'Launch post v2', status: 'published', tags: ['launch'] })
      .eq('id', created.data!.id)
      .select()
      .single();
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ title: 'Launch post v2', status: 'published', tags: ['launch'] });

    const counted = await user.client.from('content_items').select('*', { count: 'exact', head: true });
    expect(counted.count).toBe(2);

    const filtered = await user.client.from('content_items').select('title').eq('status', 'published');
    expect(filtered.data).toEqual([{ title: 'Launch post v2' }]);

    const removed = await user.client.from('content_items').delete().eq('id', created.data!.id);
    expect([removed.error, removed.status]).toEqual([null, 204]);
    const [{ count }] = await server.sql`select count(*)::int from public.content_items where id = ${created.data!.id}`;
    expect(count).toBe(0);
  });

  it('campaigns: advertising list, insert with type and user, update, delete', async () => {
    const inserted = await user.client
      .from('campaigns')
      .insert({
        title: 'Spring sale',
        type: 'advertising',
        user_id: user.id,
        budget: 1234.56,
        start_date: '2026-03-01',
        end_date: '2026-03-31',
        platforms: ['Google Ads', 'LinkedIn Ads'],
        execution_methods: ['Search Ads'],
        ad_collateral: ['Banner Images'],
      })
      .select()
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ budget: 1234.56, status: 'draft', platforms: ['Google Ads', 'LinkedIn Ads'] });
    await user.client.from('campaigns').insert({ title: 'Newsletter', type: 'email', user_id: user.id });

    const list = await user.client.from('campaigns').select('*').eq('type', 'advertising').order('created_at', { ascending: false });
    expect(list.data!.map((item) => item.title)).toEqual(['Spring sale']);

    const update = await user.client.from('campaigns').update({ status: 'active', budget: null }).eq('id', inserted.data!.id);
    expect([update.error, update.status]).toEqual([null, 204]);
    const [row] = await server.sql`select status, budget from public.campaigns where id = ${inserted.data!.id}`;
    expect(row).toEqual({ status: 'active', budget: null });

    const removed = await user.client.from('campaigns').delete().eq('id', inserted.data!.id).select();
    expect(removed.status).toBe(200);
    expect(removed.data!.map((item) => item.id)).toEqual([inserted.data!.id]);
  });

  it('gets PostgreSQL constraint errors as PostgREST answers them', async () => {
    const badStatus = await user.client.from('content_items').insert({ title: 'x', status: 'nope', user_id: user.id });
    expect([badStatus.status, badStatus.error?.code]).toEqual([400, '23514']);
    expect(badStatus.error?.message).toBe('new row for relation "content_items" violates check constraint "content_items_status_check"');
    const missingTitle = await user.client.from('content_items').insert({ user_id: user.id } as never);
    expect([missingTitle.status, missingTitle.error?.code]).toEqual([400, '23502']);
    const badUuid = await user.client.from('content_items').select('*').eq('id', 'not-a-uuid');
    expect([badUuid.status, badUuid.error?.code, badUuid.error?.message]).toEqual([400, '22P02', 'invalid input syntax for type uuid: "not-a-uuid"']);
  });

  it('a 406 .single() write is rolled back', async () => {
    const before = await server.sql`select count(*)::int as n from public.content_items where user_id = ${user.id}`;
    const result = await user.client
      .from('content_items')
      .insert([
        { title: 'One', user_id: user.id },
        { title: 'Two', user_id: user.id },
      ])
      .select()
      .single();
    expect([result.status, result.error?.code, result.error?.details]).toEqual([406, 'PGRST116', 'The result contains 2 rows']);
    const after = await server.sql`select count(*)::int as n from public.content_items where user_id = ${user.id}`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('bulk insert with defaultToNull: false applies column defaults (columns= and missing=default)', async () => {
    const { data, error } = await user.client
      .from('content_items')
      .insert([{ title: 'Bulk A', user_id: user.id }, { title: 'Bulk B', status: 'archived', user_id: user.id }], { defaultToNull: false })
      .select('title, status, organization_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Bulk A', status: 'draft', organization_id: user.organizationId },
      { title: 'Bulk B', status: 'archived', organization_id: user.organizationId },
    ]);
  });

  it('filters: neq, gt/lt, like/ilike, is, in, not, or, contains/overlaps', async () => {
    const titles = async (query: PromiseLike<{ data: { title: string }[] | null; error: unknown }>) => {
      const { data, error } = await query;
      expect(error).toBeNull();
      return data!.map((row) => row.title).sort();
    };
    await user.client.from('content_items').insert([
      { title: 'Alpha guide', status: 'draft', tags: ['seo', 'web'], user_id: user.id, excerpt: null },
      { title: 'Beta story', status: 'published', tags: ['web'], user_id: user.id, excerpt: 'x' },
    ]);
    const base = () => user.client.from('content_items').select('title').in('title', ['Alpha guide', 'Beta story']);
    expect(await titles(base().neq('status', 'draft'))).toEqual(['Beta story']);
    expect(await titles(base().like('title', '%guide'))).toEqual(['Alpha guide']);
    expect(await titles(base().ilike('title', 'BETA%'))).toEqual(['Beta story']);
    expect(await titles(base().is('excerpt', null))).toEqual(['Alpha guide']);
    expect(await titles(base().not('excerpt', 'is', null))).toEqual(['Beta story']);
    expect(await titles(base().contains('tags', ['seo']))).toEqual(['Alpha guide']);
    expect(await titles(base().containedBy('tags', ['web', 'other']))).toEqual(['Beta story']);
    expect(await titles(base().overlaps('tags', ['seo', 'nothing']))).toEqual(['Alpha guide']);
    expect(await titles(base().or('status.eq.published,tags.cs.{seo}'))).toEqual(['Alpha guide', 'Beta story']);
    expect(await titles(base().gt('created_at', '2000-01-01').lt('created_at', '2999-01-01'))).toEqual(['Alpha guide', 'Beta story']);
    expect(await titles(base().gte('title', 'B').lte('title', 'C'))).toEqual(['Beta story']);
  });

  it('may not change the menu or read admin pages (RLS)', async () => {
    const insert = await user.client.from('menu_items').insert({ name: 'Mine', href: '/mine', sort_order: 9 });
    expect([insert.status, insert.error?.code]).toEqual([403, '42501']);
    const pages = await user.client.from('admin_pages').select('*');
    expect([pages.status, pages.data]).toEqual([200, []]);
    const reset = await user.client.rpc('reset_menu_items');
    expect([reset.status, reset.error?.code]).toEqual([403, '42501']);
  });
});

describe('a site admin', () => {
  it('renames a menu item, adds one, and resets the menu', async () => {
    const { data: menu } = await admin.client.from('menu_items').select('*').order('sort_order');
    const about = menu!.find((item) => item.name === 'About')!;
    const rename = await admin.client.from('menu_items').update({ name: 'About us' }).eq('id', about.id);
    expect([rename.error, rename.status]).toEqual([null, 204]);

    const add = await admin.client.from('menu_items').insert({ name: 'Blog', href: '/blog', sort_order: 5 });
    expect([add.error, add.status]).toEqual([null, 201]);
    expect((await server.client().from('menu_items').select('name').order('sort_order')).data!.map((item) => item.name)).toEqual([
      'Home',
      'Portfolio',
      'About us',
      'ROI',
      'Blog',
    ]);

    // Supabase refuses an unfiltered DELETE; the reset goes through the RPC (one transaction).
    const unfiltered = await admin.client.from('menu_items').delete();
    expect([unfiltered.status, unfiltered.error?.code, unfiltered.error?.message]).toEqual([400, '21000', 'DELETE requires a WHERE clause']);
    const reset = await admin.client.rpc('reset_menu_items');
    expect(reset.error).toBeNull();
    expect(reset.data!.map((item) => item.name)).toEqual(['Home', 'Portfolio', 'About', 'ROI']);
  });

  it('deletes every menu item with a filter, then inserts the defaults', async () => {
    const removed = await admin.client.from('menu_items').delete().gte('sort_order', 0);
    expect(removed.status).toBe(204);
    const defaults = [
      { name: 'Home', href: '/', sort_order: 1 },
      { name: 'Portfolio', href: '/portfolio', sort_order: 2 },
      { name: 'About', href: '/about', sort_order: 3 },
      { name: 'ROI', href: '/roi', sort_order: 4 },
    ];
    const inserted = await admin.client.from('menu_items').insert(defaults);
    expect([inserted.error, inserted.status]).toEqual([null, 201]);
    expect((await server.client().from('menu_items').select('name,href,sort_order').order('sort_order')).data).toEqual(defaults);
  });

  it('reads admin pages ordered by number, renames by number, adds a page, resets', async () => {
    const pages = await admin.client.from('admin_pages').select('*').order('number');
    expect(pages.data).toHaveLength(20);
    expect(pages.data![0]).toMatchObject({ number: 1, title: 'THE TEST LAB', path: '/admin/page-1' });

    const rename = await admin.client.from('admin_pages').update({ title: 'Lab' }).eq('number', 1);
    expect([rename.error, rename.status]).toEqual([null, 204]);
    const add = await admin.client.from('admin_pages').insert({ number: 21, title: 'Page 21', path: '/admin/page-21' });
    expect([add.error, add.status]).toEqual([null, 201]);
    const duplicate = await admin.client.from('admin_pages').insert({ number: 21, title: 'Page 21', path: '/admin/page-21' });
    expect([duplicate.status, duplicate.error?.code]).toEqual([409, '23505']);

    const reset = await admin.client.rpc('reset_admin_pages');
    expect(reset.error).toBeNull();
    expect(reset.data).toHaveLength(20);
    expect(reset.data![0]!.title).toBe('THE TEST LAB');
  });

  it('is_site_admin() is true', async () => {
    expect((await admin.client.rpc('is_site_admin')).data).toBe(true);
  });
});

describe('tokens', () => {
  it('a signed-out token stops working at once (401 PGRST303), never falling back to anon', async () => {
    const other = await signedInUser(server);
    expect((await other.client.from('content_items').select('*')).status).toBe(200);
    await endSession(server.sql, other.session.sessionId);
    const after = await other.client.from('content_items').select('*');
    expect(after.status).toBe(401);
    expect(after.error).toMatchObject({ code: 'PGRST303', message: 'Session from session_id claim in JWT does not exist' });
    const write = await other.client.from('menu_items').select('*');
    expect(write.status).toBe(401);
  });

  it('a session past its not_after is refused', async () => {
    const session = await mintSession(server.sql, server.jwtSecret, user.id, { notAfter: new Date(Date.now() - 1000) });
    const result = await clientWithToken(server, session.accessToken).from('menu_items').select('*');
    expect([result.status, result.error?.code]).toEqual([401, 'PGRST303']);
  });

  it('an expired token is 401 PGRST303 "JWT expired"', async () => {
    const session = await mintSession(server.sql, server.jwtSecret, user.id, { expiresIn: -120 });
    const result = await clientWithToken(server, session.accessToken).from('menu_items').select('*');
    expect([result.status, result.error?.code, result.error?.message]).toEqual([401, 'PGRST303', 'JWT expired']);
  });

  it('a token signed with another secret is 401 PGRST301', async () => {
    const session = await mintSession(server.sql, 'not-the-server-secret-not-the-server-secret', user.id);
    const result = await clientWithToken(server, session.accessToken).from('menu_items').select('*');
    expect([result.status, result.error?.code]).toEqual([401, 'PGRST301']);
  });
});

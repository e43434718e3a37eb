import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rest, signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Isolation from the attacker's side: a member of organization B (and anon, and a non-admin user) tries to
 * read and change organization A's rows and the site's menu, through supabase-js and through raw HTTP.
 * Every attempt is checked for its status code, and A's data is read back unchanged with the superuser.
 */

let server: TestServer;
let alice: SignedInUser; // organization A
let mallory: SignedInUser; // organization B
let contentId: string;
let campaignId: string;

const TABLES = ['content_items', 'campaigns'] as const;

async function snapshot(table: string): Promise<unknown[]> {
  return server.sql.unsafe(`select * from public.${table} order by id`);
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server, { metadata: { first_name: 'Alice', last_name: 'A', company_name: 'Org A' } });
  mallory = await signedInUser(server, { metadata: { first_name: 'Mallory', last_name: 'B', company_name: 'Org B' } });
});

beforeEach(async () => {
  await server.sql`delete from public.content_items`;
  await server.sql`delete from public.campaigns`;
  [{ id: contentId }] = await server.sql<{ id: string }[]>`
    insert into public.content_items (organization_id, user_id, title, tags) values (${alice.organizationId}, ${alice.id}, 'A secret plan', '{a}')
    returning id`;
  [{ id: campaignId }] = await server.sql<{ id: string }[]>`
    insert into public.campaigns (organization_id, user_id, title, budget) values (${alice.organizationId}, ${alice.id}, 'A campaign', 100)
    returning id`;
});

afterAll(async () => {
  await server?.close();
});

const idOf = (table: (typeof TABLES)[number]) => (table === 'content_items' ? contentId : campaignId);

describe.each(TABLES)('%s: a member of organization B against organization A', (table) => {
  it('cannot read A’s rows (supabase-js and HTTP: 200, nothing)', async () => {
    const viaClient = await mallory.client.from(table).select('*');
    expect([viaClient.status, viaClient.data]).toEqual([200, []]);
    const byId = await mallory.client.from(table).select('*').eq('id', idOf(table)).maybeSingle();
    expect([byId.data, byId.error]).toEqual([null, null]);
    const raw = await rest(server, 'GET', `/${table}?select=*&id=eq.${idOf(table)}`, { token: mallory.session.accessToken, headers: { prefer: 'count=exact' } });
    expect([raw.status, raw.json, raw.headers.get('content-range')]).toEqual([200, [], '*/0']);
    // Alice herself sees it.
    expect((await alice.client.from(table).select('id')).data).toEqual([{ id: idOf(table) }]);
  });

  it('cannot insert into A (403 42501), nor with A’s organization_id by raw HTTP', async () => {
    const before = await snapshot(table);
    const viaClient = await mallory.client.from(table).insert({ title: 'Planted', organization_id: alice.organizationId, user_id: mallory.id });
    expect([viaClient.status, viaClient.error?.code]).toEqual([403, '42501']);
    expect(viaClient.error?.message).toBe(`new row violates row-level security policy for table "${table}"`);
    const raw = await rest(server, 'POST', `/${table}`, {
      token: mallory.session.accessToken,
      body: { title: 'Planted', organization_id: alice.organizationId, user_id: alice.id },
    });
    expect([raw.status, (raw.json as { code: string }).code]).toEqual([403, '42501']);
    const asAlice = await rest(server, 'POST', `/${table}`, { token: mallory.session.accessToken, body: { title: 'Forged author', user_id: alice.id } });
    expect(asAlice.status).toBe(403);
    expect(await snapshot(table)).toEqual(before);
  });

  it('cannot update A’s rows (204 with 0 rows; [] with representation)', async () => {
    const before = await snapshot(table);
    const viaClient = await mallory.client.from(table).update({ title: 'Hacked' }).eq('id', idOf(table));
    expect([viaClient.status, viaClient.error]).toEqual([204, null]);
    const viaClientSelect = await mallory.client.from(table).update({ title: 'Hacked' }).eq('id', idOf(table)).select();
    expect([viaClientSelect.status, viaClientSelect.data]).toEqual([200, []]);
    const raw = await rest(server, 'PATCH', `/${table}?id=eq.${idOf(table)}`, {
      token: mallory.session.accessToken,
      body: { title: 'Hacked' },
      headers: { prefer: 'return=representation,count=exact' },
    });
    expect([raw.status, raw.json, raw.headers.get('content-range')]).toEqual([200, [], '*/0']);
    const broad = await rest(server, 'PATCH', `/${table}?title=neq.x`, { token: mallory.session.accessToken, body: { title: 'Hacked' } });
    expect([broad.status, broad.headers.get('content-range')]).toEqual([204, '*/*']);
    expect(await snapshot(table)).toEqual(before);
  });

  it('cannot delete A’s rows (204 with 0 rows)', async () => {
    const before = await snapshot(table);
    const viaClient = await mallory.client.from(table).delete().eq('id', idOf(table)).select();
    expect([viaClient.status, viaClient.data]).toEqual([200, []]);
    const raw = await rest(server, 'DELETE', `/${table}?id=not.is.null`, { token: mallory.session.accessToken, headers: { prefer: 'count=exact' } });
    expect([raw.status, raw.headers.get('content-range')]).toEqual([204, '*/0']);
    const unfiltered = await rest(server, 'DELETE', `/${table}`, { token: mallory.session.accessToken });
    expect([unfiltered.status, (unfiltered.json as { code: string }).code]).toEqual([400, '21000']);
    expect(await snapshot(table)).toEqual(before);
  });

  it('cannot move a row into another organization (403 42501), neither its own into A nor A’s into B', async () => {
    const own = await mallory.client.from(table).insert({ title: 'Mine', user_id: mallory.id }).select().single();
    expect(own.error).toBeNull();
    const before = await snapshot(table);
    const moveOwn = await mallory.client.from(table).update({ organization_id: alice.organizationId } as never).eq('id', own.data!.id);
    expect([moveOwn.status, moveOwn.error?.code]).toEqual([403, '42501']);
    expect(moveOwn.error?.message).toBe(`permission denied for table ${table}`);
    const moveTheirs = await rest(server, 'PATCH', `/${table}?id=eq.${idOf(table)}`, {
      token: mallory.session.accessToken,
      body: { organization_id: mallory.organizationId },
    });
    expect(moveTheirs.status).toBe(403);
    const reassign = await rest(server, 'PATCH', `/${table}?id=eq.${own.data!.id}`, { token: mallory.session.accessToken, body: { user_id: alice.id } });
    expect(reassign.status).toBe(403);
    // Even Alice cannot move her row out of her organization.
    const aliceMoves = await alice.client.from(table).update({ organization_id: mallory.organizationId } as never).eq('id', idOf(table));
    expect(aliceMoves.status).toBe(403);
    expect(await snapshot(table)).toEqual(before);
  });

  it('anon cannot read or write anything (401 42501)', async () => {
    const before = await snapshot(table);
    const anon = server.client();
    const read = await anon.from(table).select('*');
    expect([read.status, read.error?.code]).toEqual([401, '42501']);
    const insert = await anon.from(table).insert({ title: 'Anon', organization_id: alice.organizationId });
    expect([insert.status, insert.error?.code]).toEqual([401, '42501']);
    for (const [method, path, body] of [
      ['POST', `/${table}`, { title: 'Anon', organization_id: alice.organizationId }],
      ['PATCH', `/${table}?id=eq.${idOf(table)}`, { title: 'Anon' }],
      ['DELETE', `/${table}?id=eq.${idOf(table)}`, undefined],
    ] as const) {
      const raw = await rest(server, method, path, { body });
      expect([method, raw.status, (raw.json as { code: string }).code]).toEqual([method, 401, '42501']);
      expect(raw.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect(await snapshot(table)).toEqual(before);
  });
});

describe('site configuration from the attacker’s side', () => {
  it('anon cannot write the menu or admin pages (401)', async () => {
    const menu = await snapshot('menu_items');
    const pages = await snapshot('admin_pages');
    const [first] = menu as { id: string }[];
    for (const [method, path, body] of [
      ['POST', '/menu_items', { name: 'x', href: '/x', sort_order: 9 }],
      ['PATCH', `/menu_items?id=eq.${first!.id}`, { name: 'x' }],
      ['DELETE', `/menu_items?id=eq.${first!.id}`, undefined],
      ['POST', '/admin_pages', { number: 99, title: 'x', path: '/admin/page-99' }],
      ['PATCH', '/admin_pages?number=eq.1', { title: 'x' }],
      ['DELETE', '/admin_pages?number=eq.1', undefined],
      ['POST', '/rpc/reset_menu_items', {}],
      ['POST', '/rpc/reset_admin_pages', {}],
    ] as const) {
      const raw = await rest(server, method, path, { body });
      expect([method, path, raw.status, (raw.json as { code: string }).code]).toEqual([method, path, 401, '42501']);
    }
    expect(await snapshot('menu_items')).toEqual(menu);
    expect(await snapshot('admin_pages')).toEqual(pages);
  });

  it('a signed-in user who is not a site admin cannot change menu items or admin pages', async () => {
    const menu = await snapshot('menu_items');
    const pages = await snapshot('admin_pages');
    const [first] = menu as { id: string }[];
    const token = mallory.session.accessToken;

    const insertMenu = await mallory.client.from('menu_items').insert({ name: 'x', href: '/x', sort_order: 9 });
    expect([insertMenu.status, insertMenu.error?.code]).toEqual([403, '42501']);
    const renameMenu = await mallory.client.from('menu_items').update({ name: 'Hacked' }).eq('id', first!.id).select();
    expect([renameMenu.status, renameMenu.data]).toEqual([200, []]);
    const deleteMenu = await rest(server, 'DELETE', `/menu_items?id=eq.${first!.id}`, { token, headers: { prefer: 'count=exact' } });
    expect([deleteMenu.status, deleteMenu.headers.get('content-range')]).toEqual([204, '*/0']);
    const resetMenu = await rest(server, 'POST', '/rpc/reset_menu_items', { token, body: {} });
    expect([resetMenu.status, (resetMenu.json as { code: string }).code]).toEqual([403, '42501']);

    const addPage = await rest(server, 'POST', '/admin_pages', { token, body: { number: 99, title: 'x', path: '/admin/page-99' } });
    expect([addPage.status, (addPage.json as { code: string }).code]).toEqual([403, '42501']);
    const renamePage = await rest(server, 'PATCH', '/admin_pages?number=eq.1', { token, body: { title: 'Hacked' }, headers: { prefer: 'count=exact' } });
    expect([renamePage.status, renamePage.headers.get('content-range')]).toEqual([204, '*/0']);
    const deletePage = await mallory.client.from('admin_pages').delete().eq('number', 1).select();
    expect([deletePage.status, deletePage.data]).toEqual([200, []]);
    const resetPages = await mallory.client.rpc('reset_admin_pages');
    expect([resetPages.status, resetPages.error?.code]).toEqual([403, '42501']);

    expect(await snapshot('menu_items')).toEqual(menu);
    expect(await snapshot('admin_pages')).toEqual(pages);
  });

  it('a user cannot make themselves a site admin or edit another profile', async () => {
    const before = await snapshot('profiles');
    const other = await rest(server, 'PATCH', `/profiles?user_id=eq.${alice.id}`, { token: mallory.session.accessToken, body: { first_name: 'Pwned' } });
    expect(other.status).toBe(204);
    const org = await rest(server, 'PATCH', `/profiles?user_id=eq.${mallory.id}`, { token: mallory.session.accessToken, body: { organization_id: alice.organizationId } });
    expect(org.status).toBe(403);
    const orgs = await rest(server, 'GET', '/organizations?select=name', { token: mallory.session.accessToken });
    expect(orgs.json).toEqual([{ name: 'Org B' }]);
    expect(await snapshot('profiles')).toEqual(before);
  });
});

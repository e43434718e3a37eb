import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Upsert on the site's own tables (migration 20261123040000): a member upserts its organization's content items
 * and campaigns, a site admin the menu, through supabase-js exactly as the app would; and from the attacker's side
 * (another organization, a user who is not a site admin, anon) nothing is created, overwritten or re-keyed.
 */

let server: TestServer;
let alice: SignedInUser; // organization A
let mallory: SignedInUser; // organization B
let admin: SignedInUser;

const snapshot = (table: string) => server.sql.unsafe(`select * from public.${table} order by id`);

beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server, { metadata: { first_name: 'Alice', last_name: 'A', company_name: 'Org A' } });
  mallory = await signedInUser(server, { metadata: { first_name: 'Mallory', last_name: 'B', company_name: 'Org B' } });
  admin = await signedInUser(server, { siteAdmin: true });
});

afterAll(async () => {
  await server?.close();
});

describe.each(['content_items', 'campaigns'] as const)('%s', (table) => {
  it('a member upserts a new row (201) and then its own row again (200, changed), keeping its organization', async () => {
    const id = crypto.randomUUID();
    const created = await alice.client.from(table).upsert({ id, title: 'First' }).select('id, title, organization_id').single();
    expect([created.status, created.error, created.data]).toEqual([201, null, { id, title: 'First', organization_id: alice.organizationId }]);
    const updated = await alice.client.from(table).upsert({ id, title: 'Second' }).select('title').single();
    expect([updated.status, updated.error, updated.data]).toEqual([200, null, { title: 'Second' }]);
    // organization_id and user_id are set on insert only: an upsert sending them would update them, and is refused.
    const withAuthor = await alice.client.from(table).upsert({ id, title: 'Fourth', user_id: alice.id });
    expect([withAuthor.status, withAuthor.error?.message]).toEqual([403, `permission denied for table ${table}`]);
    const many = await alice.client.from(table).upsert([{ id, title: 'Third' }, { id: crypto.randomUUID(), title: 'New' }], { defaultToNull: false });
    expect([many.status, many.error]).toEqual([201, null]);
  });

  it('another organization’s member cannot overwrite it by id (403 42501), nor create rows in A', async () => {
    const [{ id }] = (await server.sql.unsafe(
      `insert into public.${table} (organization_id, user_id, title) values ($1, $2, 'A secret') returning id`,
      [alice.organizationId, alice.id],
    )) as unknown as { id: string }[];
    const before = await snapshot(table);
    const overwrite = await mallory.client.from(table).upsert({ id, title: 'Hacked' });
    expect([overwrite.status, overwrite.error?.code]).toEqual([403, '42501']);
    const ignored = await mallory.client.from(table).upsert({ id, title: 'Hacked' }, { ignoreDuplicates: true }).select();
    expect([ignored.status, ignored.data]).toEqual([201, []]);
    const planted = await mallory.client.from(table).upsert({ id: crypto.randomUUID(), title: 'Planted', organization_id: alice.organizationId, user_id: mallory.id });
    expect([planted.status, planted.error?.code]).toEqual([403, '42501']);
    expect(await snapshot(table)).toEqual(before);
  });

  it('nobody re-keys a row: a changed id is 403 42501; anon cannot upsert at all (401)', async () => {
    const [{ id }] = (await server.sql.unsafe(
      `insert into public.${table} (organization_id, user_id, title) values ($1, $2, 'Keyed') returning id`,
      [alice.organizationId, alice.id],
    )) as unknown as { id: string }[];
    const before = await snapshot(table);
    const rekey = await alice.client.from(table).update({ id: crypto.randomUUID() }).eq('id', id);
    expect([rekey.status, rekey.error?.code, rekey.error?.message]).toEqual([403, '42501', 'The id of a row cannot change']);
    const anon = await rest(server, 'POST', `/${table}`, { body: { id, title: 'Anon' }, headers: { prefer: 'resolution=merge-duplicates' } });
    expect([anon.status, (anon.json as { code: string }).code]).toEqual([401, '42501']);
    expect(await snapshot(table)).toEqual(before);
  });
});

describe('menu_items', () => {
  it('a site admin upserts menu items; a signed-in user who is not one cannot (403), anon neither (401)', async () => {
    const [first] = (await snapshot('menu_items')) as unknown as { id: string; name: string; href: string; sort_order: number }[];
    const before = await snapshot('menu_items');
    const denied = await mallory.client.from('menu_items').upsert({ id: first!.id, name: 'Hacked', href: '/', sort_order: 1 });
    expect([denied.status, denied.error?.code]).toEqual([403, '42501']);
    const anon = await server.client().from('menu_items').upsert({ id: first!.id, name: 'Hacked', href: '/', sort_order: 1 });
    expect([anon.status, anon.error?.code]).toEqual([401, '42501']);
    expect(await snapshot('menu_items')).toEqual(before);
    const renamed = await admin.client.from('menu_items').upsert({ id: first!.id, name: 'Start', href: first!.href, sort_order: first!.sort_order }).select('name');
    expect([renamed.status, renamed.data]).toEqual([200, [{ name: 'Start' }]]);
  });
});

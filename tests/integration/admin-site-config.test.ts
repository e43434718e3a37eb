import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database';
import { signInAdmin, signUpUser, type SignedInUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 8, server side: only site admins change the menu and the admin pages; the calls are the app's own
 * (spec §7 through supabase-js), from every side: the anon key, a marketing user's token, a site admin's token.
 */

let server: TestServer;
let admin: SignedInUser;
let user: SignedInUser;

const defaultMenu = [
  { name: 'Home', href: '/', sort_order: 1 },
  { name: 'Portfolio', href: '/portfolio', sort_order: 2 },
  { name: 'About', href: '/about', sort_order: 3 },
  { name: 'ROI', href: '/roi', sort_order: 4 },
];

async function menu() {
  return server.sql<{ id: string; name: string; href: string; sort_order: number }[]>`
    select id, name, href, sort_order from public.menu_items order by sort_order, name`;
}

async function pages() {
  return server.sql<{ id: string; number: number; title: string; path: string }[]>`
    select id, number, title, path from public.admin_pages order by number`;
}

/** Back to the defaults, as superuser (the RPCs answer to site admins only). */
async function restoreDefaults() {
  await server.sql.begin(async (tx) => {
    await tx`delete from public.menu_items`;
    await tx`insert into public.menu_items (name, href, sort_order) select * from private.default_menu_items()`;
    await tx`delete from public.admin_pages`;
    await tx`insert into public.admin_pages (number, title, path) select * from private.default_admin_pages()`;
  });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  user = await signUpUser(server);
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  await restoreDefaults();
});

/** Every write the admin screens make, as one caller; returns [status, error code] per call. */
async function attemptEveryWrite(client: SupabaseClient<Database>) {
  const [firstItem] = await menu();
  const results: Record<string, [number, string | undefined]> = {};
  const record = (name: string, result: { status: number; error: { code?: string } | null }) => {
    results[name] = [result.status, result.error?.code];
  };
  record('rename menu item', await client.from('menu_items').update({ name: 'Hacked' }).eq('id', firstItem!.id));
  record('add menu item', await client.from('menu_items').insert({ name: 'Evil', href: '/evil', sort_order: 5 }));
  record('delete menu item', await client.from('menu_items').delete().eq('id', firstItem!.id));
  record('reset menu items', await client.rpc('reset_menu_items'));
  record('rename admin page', await client.from('admin_pages').update({ title: 'Hacked' }).eq('number', 1));
  record('add admin page', await client.from('admin_pages').insert({ number: 21, title: 'Page 21', path: '/admin/page-21' }));
  record('delete admin page', await client.from('admin_pages').delete().eq('number', 1));
  record('reset admin pages', await client.rpc('reset_admin_pages'));
  return results;
}

describe('the anon key', () => {
  it('reads the menu, sees no admin pages (200, empty), and cannot write either (401 42501, data unchanged)', async () => {
    const anon = server.client();
    const read = await anon.from('menu_items').select('name, href, sort_order').order('sort_order');
    expect([read.status, read.data]).toEqual([200, defaultMenu]);
    const adminPages = await anon.from('admin_pages').select('id, number, title, path').order('number');
    expect([adminPages.status, adminPages.error, adminPages.data]).toEqual([200, null, []]);

    const [menuBefore, pagesBefore] = [await menu(), await pages()];
    expect(await attemptEveryWrite(anon)).toEqual({
      'rename menu item': [401, '42501'],
      'add menu item': [401, '42501'],
      'delete menu item': [401, '42501'],
      'reset menu items': [401, '42501'],
      'rename admin page': [401, '42501'],
      'add admin page': [401, '42501'],
      'delete admin page': [401, '42501'],
      'reset admin pages': [401, '42501'],
    });
    expect(await menu()).toEqual(menuBefore);
    expect(await pages()).toEqual(pagesBefore);
  });
});

describe('a marketing user’s token', () => {
  it('reads the menu, sees no admin pages, and cannot write either (RLS: 403 on insert and reset, no row touched otherwise)', async () => {
    const adminPages = await user.client.from('admin_pages').select('id').order('number');
    expect([adminPages.status, adminPages.data]).toEqual([200, []]);
    expect((await user.client.rpc('is_site_admin')).data).toBe(false);

    const [menuBefore, pagesBefore] = [await menu(), await pages()];
    expect(await attemptEveryWrite(user.client)).toEqual({
      // PostgREST answers an UPDATE/DELETE that RLS filtered down to no rows with 204 (nothing changed).
      'rename menu item': [204, undefined],
      'add menu item': [403, '42501'],
      'delete menu item': [204, undefined],
      'reset menu items': [403, '42501'],
      'rename admin page': [204, undefined],
      'add admin page': [403, '42501'],
      'delete admin page': [204, undefined],
      'reset admin pages': [403, '42501'],
    });
    const renamed = await user.client.from('menu_items').update({ name: 'Hacked' }).eq('href', '/').select('id');
    expect([renamed.status, renamed.data]).toEqual([200, []]);
    expect(await menu()).toEqual(menuBefore);
    expect(await pages()).toEqual(pagesBefore);
  });

  it('cannot make itself a site admin through its own metadata', async () => {
    const updated = await user.client.auth.updateUser({ data: { site_admin: true } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata.site_admin).toBeUndefined();
    expect((await user.client.rpc('is_site_admin')).data).toBe(false);
    const insert = await user.client.from('menu_items').insert({ name: 'Evil', href: '/evil', sort_order: 5 });
    expect([insert.status, insert.error?.code]).toEqual([403, '42501']);
  });
});

describe('a site admin', () => {
  it('renames only the items it names, adds one at max + 1, and resets the menu to the four defaults', async () => {
    const items = await menu();
    const portfolio = items.find((item) => item.href === '/portfolio')!;
    const rename = await admin.client.from('menu_items').update({ name: 'Work' }).eq('id', portfolio.id).select('id, name');
    expect([rename.status, rename.data]).toEqual([200, [{ id: portfolio.id, name: 'Work' }]]);
    const add = await admin.client.from('menu_items').insert({ name: 'Contact', href: '/contact', sort_order: 5 }).select('name, href, sort_order').single();
    expect([add.status, add.data]).toEqual([201, { name: 'Contact', href: '/contact', sort_order: 5 }]);
    expect((await menu()).map((item) => item.name)).toEqual(['Home', 'Work', 'About', 'ROI', 'Contact']);

    const reset = await admin.client.rpc('reset_menu_items');
    expect(reset.error).toBeNull();
    expect(reset.data!.map(({ name, href, sort_order }) => ({ name, href, sort_order }))).toEqual(defaultMenu);
    expect((await menu()).map(({ name, href, sort_order }) => ({ name, href, sort_order }))).toEqual(defaultMenu);
  });

  it('cannot add a link that looks like a path but leaves the site (//host, /\\host): 400 23514, nothing stored', async () => {
    for (const href of ['//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const add = await admin.client.from('menu_items').insert({ name: 'Trap', href, sort_order: 9 });
      expect([add.status, add.error?.code]).toEqual([400, '23514']);
    }
    expect((await menu()).map((item) => item.name)).not.toContain('Trap');
  });

  it('cannot put a link in the menu twice, even from two tabs at the same moment (409 23505); resets still work', async () => {
    const again = await admin.client.from('menu_items').insert({ name: 'Work', href: '/portfolio', sort_order: 5 });
    expect([again.status, again.error?.code]).toEqual([409, '23505']);

    const twoTabs = await Promise.all(
      [1, 2].map(() => admin.client.from('menu_items').insert({ name: 'Contact', href: '/contact', sort_order: 5 })),
    );
    expect(twoTabs.map((result) => [result.status, result.error?.code]).sort()).toEqual([
      [201, undefined],
      [409, '23505'],
    ]);
    expect((await menu()).filter((item) => item.href === '/contact')).toHaveLength(1);

    const reset = await admin.client.rpc('reset_menu_items');
    expect(reset.error).toBeNull();
    expect((await menu()).map(({ name, href, sort_order }) => ({ name, href, sort_order }))).toEqual(defaultMenu);
  });

  it('cannot add the same page number twice, even from two tabs at the same moment (409 23505)', async () => {
    const twoTabs = await Promise.all(
      [1, 2].map(() => admin.client.from('admin_pages').insert({ number: 21, title: 'Page 21', path: '/admin/page-21' })),
    );
    expect(twoTabs.map((result) => [result.status, result.error?.code]).sort()).toEqual([
      [201, undefined],
      [409, '23505'],
    ]);
    expect((await pages()).filter((page) => page.number === 21)).toHaveLength(1);
  });

  it('renames admin pages by number, adds page 21, and resets to the 20 defaults', async () => {
    const rename = await admin.client.from('admin_pages').update({ title: 'Lab notes' }).eq('number', 2).select('number, title');
    expect([rename.status, rename.data]).toEqual([200, [{ number: 2, title: 'Lab notes' }]]);
    const add = await admin.client.from('admin_pages').insert({ number: 21, title: 'Page 21', path: '/admin/page-21' }).select('number, title, path').single();
    expect([add.status, add.data]).toEqual([201, { number: 21, title: 'Page 21', path: '/admin/page-21' }]);
    const read = await admin.client.from('admin_pages').select('number, title').order('number');
    expect(read.data).toHaveLength(21);
    expect(read.data![1]).toEqual({ number: 2, title: 'Lab notes' });

    const duplicate = await admin.client.from('admin_pages').insert({ number: 21, title: 'Page 21', path: '/admin/page-21' });
    expect([duplicate.status, duplicate.error?.code]).toEqual([409, '23505']);

    const reset = await admin.client.rpc('reset_admin_pages');
    expect(reset.error).toBeNull();
    const after = await pages();
    expect(after).toHaveLength(20);
    expect(after.map(({ number, title, path }) => ({ number, title, path }))[0]).toEqual({ number: 1, title: 'THE TEST LAB', path: '/admin/page-1' });
    expect(after.every((page) => page.number === 1 || page.title === `Page ${page.number}`)).toBe(true);
  });

  it('loses every write the moment the site_admin flag is removed from its account', async () => {
    const other = await signInAdmin(server);
    await server.sql`
      update auth.users set raw_app_meta_data = raw_app_meta_data - 'site_admin' where id = ${other.user.id}`;
    try {
      expect((await other.client.rpc('is_site_admin')).data).toBe(false);
      const insert = await other.client.from('menu_items').insert({ name: 'Late', href: '/late', sort_order: 5 });
      expect([insert.status, insert.error?.code]).toEqual([403, '42501']);
      const reset = await other.client.rpc('reset_admin_pages');
      expect([reset.status, reset.error?.code]).toEqual([403, '42501']);
    } finally {
      await server.sql`
        update auth.users set raw_app_meta_data = raw_app_meta_data || '{"site_admin": true}'::jsonb where id = ${other.user.id}`;
    }
  });
});

describe('resets are atomic', () => {
  it('a menu reset that fails midway (after the delete, on the fourth insert) leaves the previous rows', async () => {
    const portfolio = (await menu()).find((item) => item.href === '/portfolio')!;
    await admin.client.from('menu_items').update({ name: 'Work' }).eq('id', portfolio.id);
    await admin.client.from('menu_items').insert({ name: 'Blog', href: '/blog', sort_order: 5 });
    const before = await menu();
    // Existing rows are not checked (NOT VALID); the reset's insert of 'ROI' is.
    await server.sql`alter table public.menu_items add constraint fail_midway check (name <> 'ROI') not valid`;
    try {
      const reset = await admin.client.rpc('reset_menu_items');
      expect([reset.status, reset.error?.code]).toEqual([400, '23514']);
      expect(await menu()).toEqual(before);
      expect(before.map((item) => item.name)).toEqual(['Home', 'Work', 'About', 'ROI', 'Blog']);
    } finally {
      await server.sql`alter table public.menu_items drop constraint fail_midway`;
    }
  });

  it('an admin pages reset that fails midway (on page 20) leaves the previous rows', async () => {
    await admin.client.from('admin_pages').update({ title: 'Renamed' }).eq('number', 3);
    await admin.client.from('admin_pages').insert({ number: 21, title: 'Page 21', path: '/admin/page-21' });
    const before = await pages();
    await server.sql`alter table public.admin_pages add constraint fail_midway check (number <> 20) not valid`;
    try {
      const reset = await admin.client.rpc('reset_admin_pages');
      expect([reset.status, reset.error?.code]).toEqual([400, '23514']);
      expect(await pages()).toEqual(before);
      expect(before).toHaveLength(21);
    } finally {
      await server.sql`alter table public.admin_pages drop constraint fail_midway`;
    }
  });

  it('an unfiltered DELETE is refused (21000), so a client cannot empty the menu in one call', async () => {
    const removed = await admin.client.from('menu_items').delete();
    expect([removed.status, removed.error?.code]).toEqual([400, '21000']);
    expect(await menu()).toHaveLength(4);
  });
});

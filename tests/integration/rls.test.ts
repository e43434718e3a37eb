import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSql, type Sql } from '../../server/src/db/client';
import { createDatabaseFromTemplate, type TestDatabase } from '../support/cluster';
import { asCaller, type Caller } from '../support/db-roles';
import { seedUser, type SeededUser } from '../support/users';

let db: TestDatabase;
let sql: Sql;
let alice: SeededUser;
let bob: SeededUser;
let admin: SeededUser;
const anon: Caller = { role: 'anon' };
const as = (user: SeededUser): Caller => ({ role: 'authenticated', sub: user.id, email: user.email });

async function aliceContentId(): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.content_items (organization_id, user_id, title) values (${alice.organizationId}, ${alice.id}, 'Alice plan')
    returning id`;
  return row!.id;
}

beforeAll(async () => {
  db = await createDatabaseFromTemplate(inject('cluster'));
  sql = createSql(db.url, { max: 4 });
  alice = await seedUser(sql, { metadata: { first_name: 'Alice', last_name: 'Ames', company_name: 'Acme Corp' } });
  bob = await seedUser(sql, { metadata: { first_name: 'Bob', last_name: 'Burns' } });
  admin = await seedUser(sql, { siteAdmin: true });
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

describe('sign-up trigger', () => {
  it('creates the profile from the metadata, the organization from company_name and the owner membership', async () => {
    const [row] = await sql`
      select p.first_name, p.last_name, p.marketing_role, o.name, o.is_personal, m.role
      from public.profiles p
      join public.organizations o on o.id = p.organization_id
      join public.organization_members m on m.organization_id = o.id and m.user_id = p.user_id
      where p.user_id = ${alice.id}`;
    expect(row).toEqual({ first_name: 'Alice', last_name: 'Ames', marketing_role: null, name: 'Acme Corp', is_personal: false, role: 'owner' });
  });

  it('names a personal organization without company_name', async () => {
    const [row] = await sql`select o.name, o.is_personal from public.organizations o where o.id = ${bob.organizationId}`;
    expect(row).toEqual({ name: "Bob's workspace", is_personal: true });
  });
});

describe('content items and campaigns: members of the organization only', () => {
  it('lets a member insert into their organization with the default organization and user', async () => {
    const rows = await asCaller(sql, as(alice), (tx) => tx`
      insert into public.content_items (title) values ('Launch post') returning organization_id, user_id, status, content_type`);
    expect(rows[0]).toEqual({ organization_id: alice.organizationId, user_id: alice.id, status: 'draft', content_type: 'article' });
  });

  it('hides another organization rows and refuses to write them', async () => {
    const id = await aliceContentId();
    expect(await asCaller(sql, as(bob), (tx) => tx`select id from public.content_items where id = ${id}`)).toEqual([]);
    expect(await asCaller(sql, as(bob), (tx) => tx`update public.content_items set title = 'Hacked' where id = ${id} returning id`)).toEqual([]);
    expect(await asCaller(sql, as(bob), (tx) => tx`delete from public.content_items where id = ${id} returning id`)).toEqual([]);
    await expect(
      asCaller(sql, as(bob), (tx) => tx`insert into public.content_items (organization_id, user_id, title) values (${alice.organizationId}, ${bob.id}, 'Planted')`),
    ).rejects.toThrow('new row violates row-level security policy for table "content_items"');
    const [row] = await sql`select title from public.content_items where id = ${id}`;
    expect(row).toEqual({ title: 'Alice plan' });
  });

  it('refuses to stamp a row with another user or move it to another organization', async () => {
    await expect(
      asCaller(sql, as(alice), (tx) => tx`insert into public.content_items (user_id, title) values (${bob.id}, 'Forged author')`),
    ).rejects.toThrow('row-level security');
    const id = await aliceContentId();
    await expect(
      asCaller(sql, as(alice), (tx) => tx`update public.content_items set organization_id = ${bob.organizationId} where id = ${id}`),
    ).rejects.toThrow('permission denied for table content_items');
  });

  it('gives anonymous callers no access at all', async () => {
    await expect(asCaller(sql, anon, (tx) => tx`select id from public.content_items`)).rejects.toThrow('permission denied');
    await expect(asCaller(sql, anon, (tx) => tx`select id from public.campaigns`)).rejects.toThrow('permission denied');
  });

  it('checks campaign values in the database', async () => {
    const insert = (values: string) =>
      asCaller(sql, as(alice), (tx) => tx.unsafe(`insert into public.campaigns (title, status, budget, start_date, end_date, platforms) values ${values}`));
    await expect(insert(`('Bad status', 'live', null, null, null, '{}')`)).rejects.toThrow('campaigns_status_check');
    await expect(insert(`('Negative', 'draft', -1, null, null, '{}')`)).rejects.toThrow('campaigns_budget_check');
    await expect(insert(`('Backwards', 'draft', 10, '2026-05-02', '2026-05-01', '{}')`)).rejects.toThrow('campaigns_dates_check');
    await expect(insert(`('Platform', 'draft', 10, null, null, '{"MySpace Ads"}')`)).rejects.toThrow('campaigns_platforms_check');
    await expect(insert(`('   ', 'draft', 10, null, null, '{}')`)).rejects.toThrow('campaigns_title_length');
    await expect(insert(`('Fine', 'active', 1500.50, '2026-05-01', '2026-05-01', '{"Google Ads"}')`)).resolves.toBeDefined();
  });
});

describe('menu items: public read, site admins write', () => {
  it('lets anyone read the menu', async () => {
    expect(await asCaller(sql, anon, (tx) => tx`select name from public.menu_items order by sort_order`)).toHaveLength(4);
  });

  it('refuses writes by anonymous callers and by users who are not site admins', async () => {
    await expect(asCaller(sql, anon, (tx) => tx`insert into public.menu_items (name, href, sort_order) values ('X', '/x', 5)`)).rejects.toThrow(
      'permission denied for table menu_items',
    );
    await expect(
      asCaller(sql, as(alice), (tx) => tx`insert into public.menu_items (name, href, sort_order) values ('X', '/x', 5)`),
    ).rejects.toThrow('row-level security');
    expect(await asCaller(sql, as(alice), (tx) => tx`update public.menu_items set name = 'Pwned' where true returning id`)).toEqual([]);
    expect(await asCaller(sql, as(alice), (tx) => tx`delete from public.menu_items where true returning id`)).toEqual([]);
    await expect(asCaller(sql, as(alice), (tx) => tx`select public.reset_menu_items()`)).rejects.toThrow('permission denied');
  });

  it('lets a site admin rename, add and reset atomically', async () => {
    const renamed = await asCaller(sql, as(admin), (tx) => tx`
      update public.menu_items set name = 'Work' where href = '/portfolio' returning name`);
    expect(renamed).toEqual([{ name: 'Work' }]);
    const reset = await asCaller(sql, as(admin), async (tx) => {
      await tx`insert into public.menu_items (name, href, sort_order) values ('Blog', '/blog', 5)`;
      return tx`select name from public.reset_menu_items()`;
    });
    expect(reset.map((row) => row.name)).toEqual(['Home', 'Portfolio', 'About', 'ROI']);
  });
});

describe('admin pages: site admins only', () => {
  it('shows nothing to users and anonymous callers, and lets neither write', async () => {
    expect(await asCaller(sql, as(alice), (tx) => tx`select id from public.admin_pages`)).toEqual([]);
    expect(await asCaller(sql, anon, (tx) => tx`select id from public.admin_pages`)).toEqual([]);
    await expect(asCaller(sql, anon, (tx) => tx`update public.admin_pages set title = 'x' where true`)).rejects.toThrow('permission denied');
  });

  it('lets a site admin read and add pages whose path matches the number', async () => {
    const pages = await asCaller(sql, as(admin), async (tx) => {
      await tx`insert into public.admin_pages (number, title, path) values (21, 'Page 21', '/admin/page-21')`;
      return tx`select number from public.admin_pages`;
    });
    expect(pages).toHaveLength(21);
    await expect(
      asCaller(sql, as(admin), (tx) => tx`insert into public.admin_pages (number, title, path) values (22, 'Page 22', '/elsewhere')`),
    ).rejects.toThrow('admin_pages_path_matches_number');
  });
});

describe('profiles: owner only, and only the editable fields', () => {
  it('shows a user their own profile and nobody else', async () => {
    const rows = await asCaller(sql, as(alice), (tx) => tx`select user_id from public.profiles`);
    expect(rows).toEqual([{ user_id: alice.id }]);
  });

  it('lets a user change names, role and activity but not another profile or the organization', async () => {
    const updated = await asCaller(sql, as(alice), (tx) => tx`
      update public.profiles set marketing_role = 'content_marketing_manager', last_active = now()
      where user_id = ${alice.id} returning marketing_role`);
    expect(updated).toEqual([{ marketing_role: 'content_marketing_manager' }]);
    expect(await asCaller(sql, as(alice), (tx) => tx`update public.profiles set first_name = 'X' where user_id = ${bob.id} returning id`)).toEqual([]);
    await expect(
      asCaller(sql, as(alice), (tx) => tx`update public.profiles set organization_id = ${bob.organizationId} where user_id = ${alice.id}`),
    ).rejects.toThrow('permission denied for table profiles');
    await expect(
      asCaller(sql, as(alice), (tx) => tx`update public.profiles set marketing_role = 'astronaut' where user_id = ${alice.id}`),
    ).rejects.toThrow('profiles_marketing_role_check');
  });

  it('never lets a user make themselves a site admin through the API roles', async () => {
    await expect(
      asCaller(sql, as(alice), (tx) => tx`update auth.users set raw_app_meta_data = '{"site_admin": true}' where id = ${alice.id}`),
    ).rejects.toThrow('permission denied');
    expect(await asCaller(sql, as(alice), (tx) => tx`select public.is_site_admin() as admin`)).toEqual([{ admin: false }]);
    expect(await asCaller(sql, as(admin), (tx) => tx`select public.is_site_admin() as admin`)).toEqual([{ admin: true }]);
  });
});

describe('the contact form’s proof of work and lead digests: nobody reaches them but the database itself (decision 0016)', () => {
  const callers: [string, () => Caller][] = [
    ['anon', () => anon],
    ['a user', () => as(alice)],
    ['a site admin', () => as(admin)],
    ['the service role', () => ({ role: 'service_role' }) as Caller],
  ];

  it.each(callers)('%s can read neither the signing key nor the used proofs, nor forge, check or skip a proof', async (_label, caller) => {
    for (const statement of [
      'select hmac_key from private.contact_form_key',
      "update private.contact_form_key set hmac_key = 'known'",
      'select challenge from private.contact_form_proofs_used',
      "delete from private.contact_form_proofs_used",
      'select private.issue_contact_form_challenge()',
      "select * from private.verify_contact_form_proof('e30=')",
      'select private.raise_contact_form_challenge()',
      "select private.rate_limit_wait('lead:calm', 60, 60)",
    ]) {
      await expect(asCaller(sql, caller(), (tx) => tx.unsafe(statement)), statement).rejects.toThrow('permission denied');
    }
  });

  it.each(callers.slice(0, 3))('%s can neither read the digests nor make or read one', async (_label, caller) => {
    for (const statement of [
      'select lead_id from private.lead_digest_queue',
      'select lead_ids from private.lead_digests',
      'select private.queue_due_lead_digests()',
      'select * from private.prepare_lead_digest_email(1)',
      'select * from private.site_admin_addresses()',
    ]) {
      await expect(asCaller(sql, caller(), (tx) => tx.unsafe(statement)), statement).rejects.toThrow('permission denied');
    }
  });
});

describe('rate limits: nobody reaches them but the database itself', () => {
  const callerOf = (label: string): Caller =>
    ({ anon, 'a user': as(alice), 'a site admin': as(admin), 'the service role': { role: 'service_role' } as Caller })[label]!;

  it.each(['anon', 'a user', 'a site admin', 'the service role'])('%s can neither read, write nor reset a bucket', async (label) => {
    const caller = callerOf(label);
    await expect(asCaller(sql, caller, (tx) => tx`select key from private.rate_limits`)).rejects.toThrow('permission denied');
    await expect(
      asCaller(sql, caller, (tx) => tx`insert into private.rate_limits (key, tokens, updated_at) values ('lead:total', 300, now())`),
    ).rejects.toThrow('permission denied');
    await expect(asCaller(sql, caller, (tx) => tx`select private.reset_rate_limit('lead:total')`)).rejects.toThrow('permission denied');
  });

  it.each(['anon', 'a user', 'a site admin'])('%s cannot take tokens or raise limits directly', async (label) => {
    const caller = callerOf(label);
    await expect(asCaller(sql, caller, (tx) => tx`select private.take_rate_limit_token('lead:total', 1000000, 1000000)`)).rejects.toThrow(
      'permission denied',
    );
    await expect(
      asCaller(sql, caller, (tx) => tx`select * from private.submission_limit_reached('lead', 'a@example.com', 1000, 1000, 1000)`),
    ).rejects.toThrow('permission denied');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSql, type Sql } from '../../server/src/db/client';
import { createDatabaseFromTemplate, type TestDatabase } from '../support/cluster';
import { asCaller, type Caller } from '../support/db-roles';
import { seedUser, type SeededUser } from '../support/users';

let db: TestDatabase;
let sql: Sql;
let user: SeededUser;
let admin: SeededUser;
const anon: Caller = { role: 'anon' };
const as = (seeded: SeededUser): Caller => ({ role: 'authenticated', sub: seeded.id, email: seeded.email });

const lead = { name: 'Dana Reyes', email: 'dana@northwind.example', company: 'Northwind', message: 'We need a faster website before spring.' };

let stored = 0;

async function storedLeadId(): Promise<string> {
  stored += 1;
  const [row] = await sql<{ id: string }[]>`
    insert into public.leads (name, email, company, message) values ('Stored', ${`stored-${stored}@example.com`}, null, 'A lead stored for the checks.')
    returning id`;
  return row!.id;
}

beforeAll(async () => {
  db = await createDatabaseFromTemplate(inject('cluster'));
  sql = createSql(db.url, { max: 4 });
  user = await seedUser(sql);
  admin = await seedUser(sql, { siteAdmin: true });
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

describe('leads: anyone submits, only site admins read', () => {
  it.each([
    ['an anonymous visitor', () => anon],
    ['a signed-in user', () => as(user)],
  ])('lets %s submit a lead without reading it back', async (_label, caller) => {
    const count = await asCaller(sql, caller(), async (tx) => {
      const result = await tx`insert into public.leads (name, email, company, message)
        values (${lead.name}, ${lead.email}, ${lead.company}, ${lead.message})`;
      return result.count;
    });
    expect(count).toBe(1);
  });

  it('commits a lead an anonymous visitor submits, with the database stamping id and time', async () => {
    await asCaller(sql, anon, (tx) => tx`insert into public.leads (name, email, message) values ('Committed', 'c@example.com', 'Please call me back soon.')`, true);
    const [row] = await sql`select name, company, id is not null as has_id, created_at <= now() as stamped from public.leads where email = 'c@example.com'`;
    expect(row).toEqual({ name: 'Committed', company: null, has_id: true, stamped: true });
  });

  it('refuses reading leads to anonymous visitors and shows none to a user who is not a site admin', async () => {
    await storedLeadId();
    await expect(asCaller(sql, anon, (tx) => tx`select * from public.leads`)).rejects.toThrow('permission denied for table leads');
    expect(await asCaller(sql, as(user), (tx) => tx`select * from public.leads`)).toEqual([]);
  });

  it('lets a site admin read every lead', async () => {
    const id = await storedLeadId();
    const rows = await asCaller(sql, as(admin), (tx) => tx`select id, name from public.leads where id = ${id}`);
    expect(rows).toEqual([{ id, name: 'Stored' }]);
  });

  it('refuses choosing the id or the time of a lead', async () => {
    await expect(
      asCaller(sql, anon, (tx) => tx`insert into public.leads (id, name, email, message) values (gen_random_uuid(), 'X', 'x@example.com', 'Forged identifier here.')`),
    ).rejects.toThrow('permission denied for table leads');
    await expect(
      asCaller(sql, anon, (tx) => tx`insert into public.leads (created_at, name, email, message) values ('2000-01-01', 'X', 'x@example.com', 'Backdated message here.')`),
    ).rejects.toThrow('permission denied for table leads');
  });

  it.each([
    ['anon', () => anon],
    ['a user', () => as(user)],
    ['a site admin', () => as(admin)],
  ])('refuses changing or removing a lead to %s', async (_label, caller) => {
    const id = await storedLeadId();
    await expect(asCaller(sql, caller(), (tx) => tx`update public.leads set name = 'Changed' where id = ${id}`)).rejects.toThrow(
      'permission denied for table leads',
    );
    await expect(asCaller(sql, caller(), (tx) => tx`delete from public.leads where id = ${id}`)).rejects.toThrow(
      'permission denied for table leads',
    );
    const [row] = await sql`select name from public.leads where id = ${id}`;
    expect(row).toEqual({ name: 'Stored' });
  });

  it.each([
    ['an empty name', { ...lead, name: '   ' }, 'leads_name_length'],
    ['a name over 100 characters', { ...lead, name: 'n'.repeat(101) }, 'leads_name_length'],
    ['an e-mail without @', { ...lead, email: 'dana.example.com' }, 'leads_email_format'],
    ['an e-mail with spaces', { ...lead, email: 'dana reyes@example.com' }, 'leads_email_format'],
    ['an e-mail over 254 characters', { ...lead, email: `${'a'.repeat(250)}@example.com` }, 'leads_email_format'],
    ['a company over 120 characters', { ...lead, company: 'c'.repeat(121) }, 'leads_company_length'],
    ['a message under 10 characters', { ...lead, message: ' too short ' }, 'leads_message_length'],
    ['a message over 5,000 characters', { ...lead, message: 'm'.repeat(5001) }, 'leads_message_length'],
  ])('refuses %s', async (_label, values, constraint) => {
    await expect(
      asCaller(sql, anon, (tx) => tx`insert into public.leads (name, email, company, message)
        values (${values.name}, ${values.email}, ${values.company}, ${values.message})`),
    ).rejects.toThrow(constraint);
  });

  it('refuses a lead without a name, e-mail or message', async () => {
    await expect(asCaller(sql, anon, (tx) => tx`insert into public.leads (email, message) values ('a@b.co', 'No name given here.')`)).rejects.toThrow(
      'null value in column "name"',
    );
  });
});

describe('leads: the inbox (status and note, site admins only, never deleted)', () => {
  it('lets a site admin move a lead from new to contacted with a note; the database stamps the change', async () => {
    const id = await storedLeadId();
    const [before] = await sql`select status, note, status_changed_at from public.leads where id = ${id}`;
    expect(before).toEqual({ status: 'new', note: null, status_changed_at: null });
    const rows = await asCaller(sql, as(admin), (tx) => tx`update public.leads set status = 'contacted', note = 'Called, sends brief Friday.' where id = ${id} returning id`, true);
    expect(rows).toHaveLength(1);
    const [after] = await sql`select status, note, status_changed_at is not null as stamped, updated_at >= created_at as touched from public.leads where id = ${id}`;
    expect(after).toEqual({ status: 'contacted', note: 'Called, sends brief Friday.', stamped: true, touched: true });
  });

  it.each(['won', 'lost', 'archived'])('lets a site admin mark a lead %s', async (status) => {
    const id = await storedLeadId();
    await asCaller(sql, as(admin), (tx) => tx`update public.leads set status = ${status} where id = ${id}`, true);
    expect(await sql`select status from public.leads where id = ${id}`).toEqual([{ status }]);
  });

  it('refuses a status outside new, contacted, won, lost, archived and a note over 5,000 characters', async () => {
    const id = await storedLeadId();
    await expect(asCaller(sql, as(admin), (tx) => tx`update public.leads set status = 'deleted' where id = ${id}`)).rejects.toThrow('leads_status_check');
    await expect(asCaller(sql, as(admin), (tx) => tx`update public.leads set note = ${'n'.repeat(5001)} where id = ${id}`)).rejects.toThrow('leads_note_length');
  });

  it('changes nothing for a signed-in user who is not a site admin, and refuses anon', async () => {
    const id = await storedLeadId();
    const rows = await asCaller(sql, as(user), (tx) => tx`update public.leads set status = 'won', note = 'mine' where id = ${id} returning id`, true);
    expect(rows).toEqual([]);
    await expect(asCaller(sql, anon, (tx) => tx`update public.leads set status = 'won' where id = ${id}`)).rejects.toThrow('permission denied for table leads');
    expect(await sql`select status, note from public.leads where id = ${id}`).toEqual([{ status: 'new', note: null }]);
  });

  it('refuses a visitor choosing the status or a note of the lead they send', async () => {
    await expect(
      asCaller(sql, anon, (tx) => tx`insert into public.leads (name, email, message, status) values ('X', 'x@example.com', 'Mark me as won, please.', 'won')`),
    ).rejects.toThrow('permission denied for table leads');
    await expect(
      asCaller(sql, anon, (tx) => tx`insert into public.leads (name, email, message, note) values ('X', 'x@example.com', 'A note of my own here.', 'vip')`),
    ).rejects.toThrow('permission denied for table leads');
  });
});

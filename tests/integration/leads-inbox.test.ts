import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countNewLeads, leadsPageQuery, type Lead } from '@/features/admin/api/leads-query';
import type { LeadFilterValue } from '@/config/lead-options';
import type { KeysetCursor } from '@/lib/keyset';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The leads inbox's own requests (leadsPageQuery, countNewLeads) as a site admin through supabase-js against the
 * real server: newest first, the status filter, the search, keyset pages, and the count of new leads in the admin
 * navigation. This file's database holds only the leads it writes.
 */

let server: TestServer;
let admin: SignedInUser;
let user: SignedInUser;

/** Name → [status, company, message, minutes ago]; two leads came at the same instant (a keyset tie). */
const LEADS: Record<string, [string, string | null, string, number]> = {
  'Oldest Olga': ['new', null, 'A quote for a bakery website, please.', 60],
  'Contacted Carl': ['contacted', 'Contoso', 'We need a shop before the summer sale.', 50],
  'Won Wanda': ['won', 'Fabrikam', 'Redesign of our landing pages.', 40],
  'Tied Tom': ['new', 'Northwind Traders', 'Can you help with SEO for our travel blog?', 30],
  'Tied Tina': ['archived', null, 'Please ignore, sent twice by mistake.', 30],
  'Newest Nora': ['new', null, 'Our NORTHWIND office needs a new intranet.', 10],
};

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  [admin, user] = await Promise.all([signedInUser(server, { siteAdmin: true }), signedInUser(server)]);
  // One base minute for every lead: a minute turning between two inserts would undo the tie.
  const [{ base }] = await server.sql<{ base: Date }[]>`select date_trunc('minute', now()) as base`;
  for (const [name, [status, company, message, minutesAgo]] of Object.entries(LEADS)) {
    const email = `${name.toLowerCase().replace(' ', '.')}@example.com`;
    await server.sql`
      insert into public.leads (name, email, company, message, status, created_at)
      values (${name}, ${email}, ${company}, ${message}, ${status}, ${base}::timestamptz - make_interval(mins => ${minutesAgo}))`;
  }
});

afterAll(async () => {
  await server?.close();
});

async function inbox(client: SignedInUser['client'], filter: LeadFilterValue, search = '', cursor: KeysetCursor | null = null, limit = 50): Promise<Lead[]> {
  const { data, error } = await leadsPageQuery(client, filter, search, cursor, limit);
  expect(error).toBeNull();
  return data as unknown as Lead[];
}

const names = (leads: Lead[]) => leads.map((lead) => lead.name);

describe('the leads inbox as a site admin', () => {
  it('lists every lead newest first (ties by id, as the keyset pages need)', async () => {
    const all = await inbox(admin.client, 'all');
    expect(all).toHaveLength(6);
    expect(names(all.slice(0, 1))).toEqual(['Newest Nora']);
    expect(names(all.slice(3))).toEqual(['Won Wanda', 'Contacted Carl', 'Oldest Olga']);
    const tied = all.slice(1, 3);
    expect(names(tied).sort()).toEqual(['Tied Tina', 'Tied Tom']);
    expect(tied[0]!.id > tied[1]!.id).toBe(true);
  });

  it.each([
    ['open', ['Newest Nora', 'Tied Tom', 'Contacted Carl', 'Oldest Olga']],
    ['new', ['Newest Nora', 'Tied Tom', 'Oldest Olga']],
    ['contacted', ['Contacted Carl']],
    ['won', ['Won Wanda']],
    ['lost', []],
    ['archived', ['Tied Tina']],
  ] as const)('the status filter %s shows its leads and leaves every other out', async (filter, expected) => {
    expect(names(await inbox(admin.client, filter))).toEqual(expected);
  });

  it.each([
    ['northw', 'all', ['Newest Nora', 'Tied Tom']],
    ['NORTHWIND', 'open', ['Newest Nora', 'Tied Tom']],
    ['contoso', 'all', ['Contacted Carl']],
    ['wanda@', 'all', ['Won Wanda']],
    ['bakery', 'all', ['Oldest Olga']],
    ['bakery', 'won', []],
    ['50%_off*', 'all', []],
  ] as const)('a search for %j (filter %s) finds names, e-mails, companies and messages in any case', async (search, filter, expected) => {
    expect(names(await inbox(admin.client, filter, search))).toEqual(expected);
  });

  it('pages two at a time across the tie without skipping or repeating a lead', async () => {
    const all = await inbox(admin.client, 'all');
    const paged: Lead[] = [];
    let cursor: KeysetCursor | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const rows = await inbox(admin.client, 'all', '', cursor, 2);
      paged.push(...rows);
      if (rows.length < 2) break;
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.created_at, id: last.id };
    }
    expect(paged.map((lead) => lead.id)).toEqual(all.map((lead) => lead.id));
  });

  it('counts the new leads, and the count drops when one is marked contacted', async () => {
    expect(await countNewLeads(admin.client)).toBe(3);
    const [olga] = await inbox(admin.client, 'new', 'Oldest Olga');
    const { data, error } = await admin.client.from('leads').update({ status: 'contacted', note: 'Called back.' }).eq('id', olga!.id).select('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(await countNewLeads(admin.client)).toBe(2);
    expect(names(await inbox(admin.client, 'new'))).toEqual(['Newest Nora', 'Tied Tom']);
    expect(names(await inbox(admin.client, 'contacted'))).toEqual(['Contacted Carl', 'Oldest Olga']);
  });

  it('shows a signed-in user who is not a site admin no lead and a count of 0', async () => {
    expect(await inbox(user.client, 'all')).toEqual([]);
    expect(await countNewLeads(user.client)).toBe(0);
  });
});

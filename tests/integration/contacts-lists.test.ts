import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactSort } from '@/config/contact-options';
import { allContactsOf, contactsPageQuery, type Contact } from '@/features/contacts/api/contacts-query';
import { contactCursor, type ContactCursor } from '@/features/contacts/utils/contact-keyset';
import { NO_CONTACT_FILTERS, type ContactFilters } from '@/features/contacts/utils/contact-filters';
import { signedInUserWithoutScoreRules, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The contacts screen's own requests against the real server: keyset pages in every order (contactsPageQuery with
 * the cursors of contactCursor/contactsAfter) and the CSV export of the current filter (allContactsOf).
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
});

afterAll(async () => {
  await server?.close();
});

async function page(user: SignedInUser, filters: ContactFilters, cursor: ContactCursor | null, limit: number): Promise<Contact[]> {
  const { data, error } = await contactsPageQuery(user.client as never, user.organizationId, filters, cursor, limit);
  expect(error).toBeNull();
  return data as unknown as Contact[];
}

describe('contactsPageQuery with a keyset cursor: pages neither skip nor repeat a row', () => {
  let user: SignedInUser;

  beforeAll(async () => {
    user = await signedInUserWithoutScoreRules(server);
    // Ties everywhere: each insert is one statement, so its rows share created_at; four scores; three names, the
    // same name (and no e-mail) on many rows, so sort_name ties too. A few e-mails with quotes and commas test the
    // cursor's quoting.
    const rows = (from: number) =>
      Array.from({ length: 23 }, (_, n) => ({
        organization_id: user.organizationId,
        first_name: ['Ann', 'Bo', 'Cy'][(from + n) % 3],
        last_name: 'Same, "Quoted"',
        score_adjustment: ((from + n) % 4) * 20,
        email: (from + n) % 7 === 0 ? `p${from + n}@ties.example` : null,
      }));
    for (const from of [0, 23]) {
      const { error } = await user.client.from('contacts').insert(rows(from));
      expect(error).toBeNull();
    }
  });

  it.each(['newest', 'score', 'name'] as const)('sorted by %s, 5 at a time', async (sort: ContactSort) => {
    const filters = { ...NO_CONTACT_FILTERS, sort };
    const everything = await page(user, filters, null, 1000);
    expect(everything).toHaveLength(46);

    const paged: Contact[] = [];
    let cursor: ContactCursor | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const rows = await page(user, filters, cursor, 5);
      paged.push(...rows);
      if (rows.length < 5) break;
      cursor = contactCursor(sort, rows[rows.length - 1]!);
    }
    // The pages, one after the other, are the whole list in its order: nothing skipped, nothing twice.
    expect(paged.map((row) => row.id)).toEqual(everything.map((row) => row.id));
  });

  it('keeps the filters on every page (band)', async () => {
    const filters: ContactFilters = { ...NO_CONTACT_FILTERS, band: 'warm', sort: 'name' };
    const paged: Contact[] = [];
    let cursor: ContactCursor | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const rows = await page(user, filters, cursor, 3);
      paged.push(...rows);
      if (rows.length < 3) break;
      cursor = contactCursor('name', rows[rows.length - 1]!);
    }
    // Scores 0, 20, 40, 60 in turn: rows 3, 7, …, 43 (60) are the warm ones.
    expect(paged.map((row) => row.lead_score)).toEqual(Array(11).fill(60));
    expect(new Set(paged.map((row) => row.id)).size).toBe(11);
  });
});

describe('allContactsOf: the CSV export of the current filter', () => {
  it('exports every row of a band and stage filter, over more than one page of 1,000, and no other row', async () => {
    const user = await signedInUserWithoutScoreRules(server);
    // 1,150 hot leads, and rows that each fail one of the two filters: hot customers, warm leads.
    await server.sql`
      insert into public.contacts (organization_id, first_name, lifecycle_stage, score_adjustment)
      select ${user.organizationId}::uuid, 'Hot lead ' || n, 'lead', 80 + n % 21 from generate_series(1, 1150) n
      union all
      select ${user.organizationId}::uuid, 'Hot customer ' || n, 'customer', 90 from generate_series(1, 40) n
      union all
      select ${user.organizationId}::uuid, 'Warm lead ' || n, 'lead', 70 from generate_series(1, 40) n`;
    for (const sort of ['score', 'newest', 'name'] as const) {
      const exported = await allContactsOf(user.client as never, user.organizationId, { ...NO_CONTACT_FILTERS, band: 'hot', stage: 'lead', sort });
      expect(exported).toHaveLength(1150);
      expect(new Set(exported.map((row) => row.id)).size).toBe(1150);
      expect(exported.every((row) => row.score_band === 'hot' && row.lifecycle_stage === 'lead')).toBe(true);
    }
  });

  it('follows the search too, page after page', async () => {
    const user = await signedInUserWithoutScoreRules(server);
    await server.sql`
      insert into public.contacts (organization_id, first_name, company)
      select ${user.organizationId}::uuid, 'Person ' || n, case when n % 2 = 0 then 'Northwind Traders' else 'Contoso' end from generate_series(1, 30) n`;
    const exported = await allContactsOf(user.client as never, user.organizationId, { ...NO_CONTACT_FILTERS, search: 'northw' }, 4);
    expect(exported.map((row) => row.company)).toEqual(Array(15).fill('Northwind Traders'));
    expect(new Set(exported.map((row) => row.id)).size).toBe(15);
  });
});

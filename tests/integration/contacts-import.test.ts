import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/** import_contacts(): batches of CSV lines through supabase-js against the real server and database. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
});

afterAll(async () => {
  await server?.close();
});

interface ImportResult {
  created: number;
  updated: number;
  skipped: { line: number; reason: string }[];
  errors: { line: number; message: string }[];
}

async function importRows(user: SignedInUser, rows: unknown[], onDuplicate = 'skip', dryRun = false) {
  const { data, error, status } = await user.client.rpc('import_contacts', {
    workspace_id: user.organizationId,
    rows: rows as never,
    on_duplicate: onDuplicate,
    dry_run: dryRun,
  });
  return { result: data as unknown as ImportResult, error, status };
}

async function contactsOf(user: SignedInUser) {
  const { data } = await user.client
    .from('contacts')
    .select('first_name, last_name, email, company, source, lifecycle_stage, tags')
    .eq('organization_id', user.organizationId)
    .order('email');
  return data!;
}

const good = [
  { line: 2, first_name: 'Dana', last_name: 'Reyes', email: 'dana@northwind.example', company: 'Northwind', tags: ['vip'] },
  { line: 3, first_name: 'Li', email: 'li@contoso.example', lifecycle_stage: 'customer', tags: 'newsletter; event' },
];
const bad = [
  { line: 4, first_name: 'Bad', email: 'not-an-address' },
  { line: 5, company: 'Nameless Inc.' },
  { line: 6, first_name: 'Stage', lifecycle_stage: 'hot' },
  { line: 7, first_name: 'Extra', country: 'FR' },
  { line: 8, first_name: 'Phone', phone: 'call me maybe' },
];

describe('import_contacts()', () => {
  it('imports exactly the good lines and names every bad line with why', async () => {
    const user = await signedInUser(server);
    const { result, error } = await importRows(user, [...good, ...bad]);
    expect(error).toBeNull();
    expect(result).toEqual({
      created: 2,
      updated: 0,
      skipped: [],
      errors: [
        { line: 4, message: 'The e-mail address is not valid.' },
        { line: 5, message: 'A contact needs a first name, a last name or an e-mail address.' },
        { line: 6, message: 'The lifecycle stage is not one of subscriber, lead, marketing_qualified, sales_qualified, customer, churned.' },
        { line: 7, message: 'Unknown field "country".' },
        { line: 8, message: 'The phone number may hold digits, spaces and + ( ) . / - only, at most 40.' },
      ],
    });
    expect(await contactsOf(user)).toEqual([
      { first_name: 'Dana', last_name: 'Reyes', email: 'dana@northwind.example', company: 'Northwind', source: 'import', lifecycle_stage: 'subscriber', tags: ['vip'] },
      { first_name: 'Li', last_name: null, email: 'li@contoso.example', company: null, source: 'import', lifecycle_stage: 'customer', tags: ['newsletter', 'event'] },
    ]);
  });

  it('checks everything and keeps nothing on a dry run', async () => {
    const user = await signedInUser(server);
    const { result } = await importRows(user, [...good, ...bad], 'skip', true);
    expect(result.created).toBe(2);
    expect(result.errors.map((e) => e.line)).toEqual([4, 5, 6, 7, 8]);
    expect(await contactsOf(user)).toEqual([]);
  });

  it('skips lines whose e-mail is already a contact (any case), naming the earlier line of the same file', async () => {
    const user = await signedInUser(server);
    await importRows(user, good);
    const { result } = await importRows(user, [
      { line: 2, first_name: 'Dana', email: 'DANA@northwind.example', company: 'Changed' },
      { line: 3, first_name: 'New', email: 'new@example.com' },
      { line: 4, first_name: 'New again', email: 'New@Example.com' },
    ]);
    expect(result).toEqual({
      created: 1,
      updated: 0,
      skipped: [
        { line: 2, reason: 'A contact with this e-mail already exists.' },
        { line: 4, reason: 'Same e-mail as line 3 of this file.' },
      ],
      errors: [],
    });
    expect((await contactsOf(user)).find((c) => c.email === 'dana@northwind.example')!.company).toBe('Northwind');
  });

  it('merges a re-import into the existing contacts instead of duplicating them', async () => {
    const user = await signedInUser(server);
    await importRows(user, good);
    const { result } = await importRows(user, [
      { line: 2, email: 'Dana@Northwind.example', company: 'Northwind Traders', lifecycle_stage: 'lead', tags: ['VIP', 'q4'] },
      { line: 3, first_name: 'Li', email: 'li@contoso.example' },
    ], 'merge');
    expect(result).toEqual({ created: 0, updated: 2, skipped: [], errors: [] });
    const contacts = await contactsOf(user);
    expect(contacts).toHaveLength(2);
    expect(contacts[0]).toEqual({
      first_name: 'Dana', last_name: 'Reyes', email: 'dana@northwind.example', company: 'Northwind Traders', source: 'import', lifecycle_stage: 'lead', tags: ['vip', 'q4'],
    });
  });

  it('merges lines of one file with the same e-mail into one contact, in file order, scored once', async () => {
    const user = await signedInUser(server);
    const { result } = await importRows(user, [
      { line: 2, first_name: 'Sam', email: 'sam@fabrikam.example', company: 'Fabrikam', tags: ['a'] },
      { line: 3, email: 'SAM@fabrikam.example', company: 'Fabrikam Ltd', lifecycle_stage: 'sales_qualified', tags: 'A; b' },
      { line: 4, first_name: 'Kim', email: 'kim@fabrikam.example', lifecycle_stage: 'lead' },
    ], 'merge');
    expect(result).toEqual({ created: 2, updated: 1, skipped: [], errors: [] });
    const { data } = await user.client.from('contacts').select('first_name, email, company, lifecycle_stage, tags, lead_score')
      .eq('organization_id', user.organizationId).order('email', { ascending: false });
    expect(data).toEqual([
      { first_name: 'Sam', email: 'sam@fabrikam.example', company: 'Fabrikam Ltd', lifecycle_stage: 'sales_qualified', tags: ['a', 'b'], lead_score: 55 },
      { first_name: 'Kim', email: 'kim@fabrikam.example', company: null, lifecycle_stage: 'lead', tags: [], lead_score: 20 },
    ]);
    // Merged into an existing contact: its score follows the new stage, the rows the import did not name keep theirs.
    await importRows(user, [{ line: 9, email: 'kim@fabrikam.example', lifecycle_stage: 'customer', job_title: 'Founder' }], 'merge');
    const { data: kim } = await user.client.from('contacts').select('lead_score, score_band').eq('email', 'kim@fabrikam.example').single();
    expect(kim).toEqual({ lead_score: 60, score_band: 'warm' });
  });

  it('refuses the lines whose merged tags would exceed 50 for one contact, and imports the rest', async () => {
    const user = await signedInUser(server);
    const tags = (from: number) => Array.from({ length: 30 }, (_, n) => `t${from + n}`);
    const { result } = await importRows(user, [
      { line: 2, email: 'many@tags.example', tags: tags(0) },
      { line: 3, email: 'many@tags.example', tags: tags(30) },
      { line: 4, first_name: 'Fine', email: 'fine@tags.example' },
    ], 'merge');
    expect(result).toEqual({
      created: 1,
      updated: 0,
      skipped: [],
      errors: [
        { line: 2, message: 'Tags have 1 to 50 characters, at most 50 a contact.' },
        { line: 3, message: 'Tags have 1 to 50 characters, at most 50 a contact.' },
      ],
    });
    expect((await contactsOf(user)).map((c) => c.email)).toEqual(['fine@tags.example']);
  });

  it.each([
    ['an unknown duplicate choice', { rows: [], on_duplicate: 'overwrite' }, 'invalid_duplicate_choice'],
    ['rows that are not a list', { rows: { line: 1 }, on_duplicate: 'skip' }, 'invalid_batch'],
    ['more than 1,000 rows', { rows: Array.from({ length: 1001 }, (_, n) => ({ line: n, first_name: 'x' })), on_duplicate: 'skip' }, 'invalid_batch'],
  ])('refuses %s with a 400 and imports nothing', async (_label, args, details) => {
    const user = await signedInUser(server);
    const { error, status } = await user.client.rpc('import_contacts', { workspace_id: user.organizationId, ...(args as { rows: never; on_duplicate: string }) });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', details });
    expect(await contactsOf(user)).toEqual([]);
  });

  it('imports 1,000 lines in one call, scored by the workspace’s rules', async () => {
    const user = await signedInUser(server);
    const rows = Array.from({ length: 1000 }, (_, n) => ({ line: n + 2, first_name: `P${n}`, email: `p${n}@bulk.example`, lifecycle_stage: n % 2 ? 'sales_qualified' : 'subscriber' }));
    const { result } = await importRows(user, rows);
    expect(result.created).toBe(1000);
    const [scores] = await server.sql`
      select count(*) filter (where lead_score = 55)::int as sales, count(*) filter (where lead_score = 5)::int as subscribers
      from public.contacts where organization_id = ${user.organizationId}`;
    expect(scores).toEqual({ sales: 500, subscribers: 500 });
  });
});

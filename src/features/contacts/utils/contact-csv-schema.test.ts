import { describe, expect, it } from 'vitest';
import { parseCsvText } from '@/components/csv/parse-csv';
import { checkRow } from '@/components/csv/validate-rows';
import { suggestMapping } from '@/components/csv/csv-schema';
import { contactCsvFields, contactCsvSchema, contactImportGroup } from './contact-csv-schema';

describe('contactCsvFields: column suggestions for common exports', () => {
  it.each([
    ['Mailchimp', ['Email Address', 'First Name', 'Last Name', 'Address', 'Phone Number', 'TAGS'], { email: 'Email Address', first_name: 'First Name', last_name: 'Last Name', phone: 'Phone Number', tags: 'TAGS' }],
    ['HubSpot', ['Record ID', 'First Name', 'Last Name', 'Email', 'Company Name', 'Job Title', 'Lifecycle Stage', 'Original Source'], { first_name: 'First Name', last_name: 'Last Name', email: 'Email', company: 'Company Name', job_title: 'Job Title', lifecycle_stage: 'Lifecycle Stage', source: 'Original Source' }],
    ['Google Contacts', ['Given Name', 'Family Name', 'Labels', 'E-mail 1 - Value', 'Phone 1 - Value', 'Organization 1 - Name', 'Organization 1 - Title', 'Notes'], { first_name: 'Given Name', last_name: 'Family Name', tags: 'Labels', email: 'E-mail 1 - Value', phone: 'Phone 1 - Value', company: 'Organization 1 - Name', job_title: 'Organization 1 - Title', notes: 'Notes' }],
  ])('%s', (_name, headers, expected) => {
    expect(suggestMapping(headers, contactCsvFields)).toEqual(expected);
  });
});

describe('contactCsvSchema: one line', () => {
  const headers = ['Email', 'First Name', 'Lifecycle Stage', 'Original Source', 'Labels', 'Phone'];
  const mapping = { email: 'Email', first_name: 'First Name', lifecycle_stage: 'Lifecycle Stage', source: 'Original Source', tags: 'Labels', phone: 'Phone' } as const;
  const check = (cells: string[]) => checkRow({ headers }, cells, mapping, contactCsvSchema);

  it('reads stages and sources as exports write them, tags from Google labels, drops blanks', () => {
    expect(check(['dana@x.example', 'Dana', 'marketingqualifiedlead', 'ORGANIC_SEARCH', 'Clients ::: * myContacts ::: VIP', ''])).toEqual({
      ok: true,
      value: { email: 'dana@x.example', first_name: 'Dana', lifecycle_stage: 'marketing_qualified', source: 'other', tags: ['Clients', 'VIP'] },
    });
    expect(check(['', 'Li', 'Sales qualified', 'Referral', '', '+1 555 0100'])).toEqual({
      ok: true,
      value: { first_name: 'Li', lifecycle_stage: 'sales_qualified', source: 'referral', phone: '+1 555 0100' },
    });
  });

  it.each([
    [['not-an-address', 'Dana', '', '', '', ''], ['Email: enter one address such as name@example.com']],
    [['', '', '', '', '', ''], ['First Name: A contact needs a first name, a last name or an email']],
    [['a@b.example', 'Dana', 'hot', '', '', ''], ['Lifecycle Stage: must be one of Subscriber, Lead, Marketing qualified, Sales qualified, Customer, Churned']],
    [['a@b.example', 'Dana', '', '', '', 'call me'], ['Phone: digits, spaces and + ( ) . / - only, at most 40']],
  ])('%j → %j', (cells, messages) => {
    expect(check(cells)).toEqual({ ok: false, messages });
  });
});

describe('a Mailchimp audience export, file to rows', () => {
  it('reads the TAGS cell (quoted tags, comma-separated, a comma inside a tag kept) and the merge fields', () => {
    const file = [
      'Email Address,First Name,Last Name,Phone Number,TAGS,MEMBER_RATING',
      'dana@northwind.example,Dana,Reyes,+1 555 0100,"""Customer"",""VIP, Gold""",4',
      'li@contoso.example,Li,,,"""Newsletter""",2',
      'sam@fabrikam.example,Sam,,,,1',
    ].join('\r\n');
    const parsed = parseCsvText(file, 'utf-8');
    if (!parsed.ok) throw new Error('not parsed');
    const mapping = suggestMapping(parsed.csv.headers, contactCsvFields);
    expect(parsed.csv.rows.map((row) => checkRow(parsed.csv, row.cells, mapping, contactCsvSchema))).toEqual([
      { ok: true, value: { email: 'dana@northwind.example', first_name: 'Dana', last_name: 'Reyes', phone: '+1 555 0100', tags: ['Customer', 'VIP, Gold'] } },
      { ok: true, value: { email: 'li@contoso.example', first_name: 'Li', tags: ['Newsletter'] } },
      { ok: true, value: { email: 'sam@fabrikam.example', first_name: 'Sam' } },
    ]);
  });
});

describe('contactImportGroup', () => {
  it('groups the lines of one e-mail in any case; a line without e-mail is on its own', () => {
    expect(contactImportGroup({ email: 'Dana@Northwind.example' })).toBe('dana@northwind.example');
    expect(contactImportGroup({ first_name: 'No address' })).toBeNull();
  });
});

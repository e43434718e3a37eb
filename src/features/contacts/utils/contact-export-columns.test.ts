import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/csv-export';
import type { Contact } from '@/features/contacts/api/contacts-query';
import { contactExportColumns } from './contact-export-columns';

const contact: Contact = {
  id: 'c1', organization_id: 'o1', first_name: '=HYPERLINK("http://evil.example","x")', last_name: '+1', email: '@dana@x.example', company: '-2+3',
  job_title: 'Director', phone: '+44 20 7946 0000', source: 'referral', lifecycle_stage: 'sales_qualified', tags: ['vip', 'q4'],
  score_adjustment: 0, lead_score: 85, score_band: 'hot', owner_id: null, notes: 'line 1\nline 2', last_activity_at: null, last_email_opened_at: null, last_email_clicked_at: null,
  created_at: '2026-11-23T07:00:00+00:00', updated_at: '2026-11-23T07:00:00+00:00', sort_name: 'x',
};

describe('contactExportColumns', () => {
  it('writes labels and neutralises every cell a spreadsheet would run as a formula', () => {
    const csv = toCsv(contactExportColumns, [contact]);
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('First Name,Last Name,Email,Company,Job Title,Phone,Source,Lifecycle Stage,Tags,Lead Score,Band,Notes,Last Activity,Created');
    expect(row).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")",'+1,'@dana@x.example,'-2+3,Director,'+44 20 7946 0000,Referral,Sales qualified,"vip, q4",85,Hot,"line 1\nline 2",,2026-11-23T07:00:00+00:00`,
    );
  });
});

import { z } from 'zod';
import type { CsvField, CsvImportSchema } from '@/components/csv/csv-schema';

export type ListCsvKey = 'email' | 'first_name' | 'last_name' | 'company';
export type ListImportRow = Partial<Record<ListCsvKey, string>>;

const PLAIN_EMAIL = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$/;

/** A list import's columns (Mailchimp's and HubSpot's headers as aliases): an e-mail on every line. */
export const listCsvFields: readonly CsvField<ListCsvKey>[] = [
  { key: 'email', label: 'Email', isRequired: true, aliases: ['Email Address', 'E-mail', 'E-mail Address', 'E-mail 1 - Value', 'Work Email'] },
  { key: 'first_name', label: 'First Name', isRequired: false, aliases: ['Given Name', 'FNAME', 'First'] },
  { key: 'last_name', label: 'Last Name', isRequired: false, aliases: ['Family Name', 'LNAME', 'Surname', 'Last'] },
  { key: 'company', label: 'Company', isRequired: false, aliases: ['Company Name', 'Organization'] },
];

const text = (max: number) => z.string().optional().transform((value) => (value ?? '').trim()).refine((value) => value.length <= max, `must be at most ${max} characters`);

const listCsvRow = z
  .object({
    email: z.string().optional().transform((value) => (value ?? '').trim()).refine((value) => PLAIN_EMAIL.test(value) && value.length <= 254, 'must be one e-mail address'),
    first_name: text(100),
    last_name: text(100),
    company: text(120),
  })
  .transform((line): ListImportRow => Object.fromEntries(Object.entries(line).filter(([, value]) => value !== '')) as ListImportRow);

export const listCsvSchema: CsvImportSchema<ListCsvKey, ListImportRow> = { fields: listCsvFields, row: listCsvRow };

/** Lines of one address travel in one batch (the database merges them). */
export function listImportGroup(row: ListImportRow): string | null {
  return row.email ? row.email.toLowerCase() : null;
}

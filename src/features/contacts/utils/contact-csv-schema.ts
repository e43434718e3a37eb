import { z } from 'zod';
import type { CsvField, CsvImportSchema } from '@/components/csv/csv-schema';
import { lifecycleStages } from '@/config/contact-options';
import { contactFieldsSchema } from '@/features/contacts/utils/contact-fields-schema';
import { readContactSource, readLifecycleStage, splitTags } from '@/features/contacts/utils/contact-values';

export type ContactCsvKey = 'first_name' | 'last_name' | 'email' | 'company' | 'job_title' | 'phone' | 'source' | 'lifecycle_stage' | 'tags' | 'notes';

/** What one CSV line becomes: the import_contacts() fields (blank ones absent). */
export type ContactImportRow = Partial<Record<Exclude<ContactCsvKey, 'tags'>, string>> & { tags?: string[] };

/**
 * The fields of a contacts import, with the headers of Mailchimp ('Email Address', 'First Name', 'TAGS'), HubSpot
 * ('Email', 'Lifecycle Stage', 'Original Source', 'Job Title') and Google Contacts ('E-mail 1 - Value', 'Given
 * Name', 'Family Name', 'Organization 1 - Name', 'Organization 1 - Title', 'Phone 1 - Value', 'Labels') as aliases.
 */
export const contactCsvFields: readonly CsvField<ContactCsvKey>[] = [
  { key: 'email', label: 'Email', isRequired: false, aliases: ['Email Address', 'E-mail', 'E-mail Address', 'E-mail 1 - Value', 'Email 1', 'Work Email'] },
  { key: 'first_name', label: 'First Name', isRequired: false, aliases: ['Given Name', 'FNAME', 'First'] },
  { key: 'last_name', label: 'Last Name', isRequired: false, aliases: ['Family Name', 'LNAME', 'Surname', 'Last'] },
  { key: 'company', label: 'Company', isRequired: false, aliases: ['Company Name', 'Organization', 'Organization 1 - Name', 'Organization Name'] },
  { key: 'job_title', label: 'Job Title', isRequired: false, aliases: ['Title', 'Organization 1 - Title', 'Organization Title', 'Position'] },
  { key: 'phone', label: 'Phone', isRequired: false, aliases: ['Phone Number', 'Phone 1 - Value', 'Mobile Phone Number', 'Mobile', 'PHONE'] },
  { key: 'source', label: 'Source', isRequired: false, aliases: ['Original Source', 'Lead Source', 'Contact Source'] },
  { key: 'lifecycle_stage', label: 'Lifecycle Stage', isRequired: false, aliases: ['Stage', 'Lifecycle'] },
  { key: 'tags', label: 'Tags', isRequired: false, aliases: ['TAGS', 'Labels', 'Group Membership'] },
  { key: 'notes', label: 'Notes', isRequired: false, aliases: ['Notes 1', 'Description', 'Comments'] },
];

const STAGE_LIST = lifecycleStages.map((stage) => stage.label).join(', ');
const text = z.string().optional().transform((value) => value ?? '');

/** A mapped line → the fields to send, with the same checks as the contact form (and the database). */
const contactCsvRow = z
  .object({
    first_name: text, last_name: text, email: text, company: text, job_title: text, phone: text, notes: text,
    tags: text.transform(splitTags),
    source: text,
    lifecycle_stage: text.refine((value) => value.trim() === '' || readLifecycleStage(value) !== undefined, `must be one of ${STAGE_LIST}`),
  })
  .transform((line, context): ContactImportRow => {
    const fields = contactFieldsSchema.safeParse(line);
    if (!fields.success) {
      for (const issue of fields.error.issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    const row: ContactImportRow = {};
    for (const key of ['first_name', 'last_name', 'email', 'company', 'job_title', 'phone', 'notes'] as const) {
      const value = fields.data[key];
      if (value !== null) row[key] = value;
    }
    if (fields.data.tags.length) row.tags = fields.data.tags;
    if (line.source.trim()) row.source = readContactSource(line.source);
    if (line.lifecycle_stage.trim()) row.lifecycle_stage = readLifecycleStage(line.lifecycle_stage);
    return row;
  });

export const contactCsvSchema: CsvImportSchema<ContactCsvKey, ContactImportRow> = { fields: contactCsvFields, row: contactCsvRow as never };

/**
 * The lines of one contact travel together: every line with the same e-mail (any case) goes in one batch, so the
 * database merges them, or names the repeats, in one call, and the dry run of "import nothing" judges them together.
 */
export function contactImportGroup(row: ContactImportRow): string | null {
  return row.email?.toLowerCase() ?? null;
}

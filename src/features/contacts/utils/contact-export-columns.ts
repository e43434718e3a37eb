import { contactsCopy } from '@/config/contacts-copy';
import { contactSources } from '@/config/contact-options';
import { leadScoreBands } from '@/config/sample-figures';
import type { Contact } from '@/features/contacts/api/contacts-query';
import { stageLabel } from '@/features/contacts/utils/contact-display';
import { joinTags } from '@/features/contacts/utils/contact-values';
import type { CsvColumn } from '@/lib/csv-export';

const headers = contactsCopy.exportColumns;

/**
 * The contacts CSV: the headers the importer recognises, so an export imports again (tags comma-separated, a tag
 * holding a comma quoted; stage and source by label). Formula-like text (a name starting with =) is neutralised by
 * csv-export.
 */
export const contactExportColumns: readonly CsvColumn<Contact>[] = [
  { header: headers.firstName, value: (contact) => contact.first_name },
  { header: headers.lastName, value: (contact) => contact.last_name },
  { header: headers.email, value: (contact) => contact.email },
  { header: headers.company, value: (contact) => contact.company },
  { header: headers.jobTitle, value: (contact) => contact.job_title },
  { header: headers.phone, value: (contact) => contact.phone },
  { header: headers.source, value: (contact) => contactSources.find((source) => source.value === contact.source)?.label ?? contact.source },
  { header: headers.stage, value: (contact) => stageLabel(contact.lifecycle_stage) },
  { header: headers.tags, value: (contact) => joinTags(contact.tags) },
  { header: headers.score, value: (contact) => contact.lead_score },
  { header: headers.band, value: (contact) => leadScoreBands.find((band) => band.band === contact.score_band)?.label ?? contact.score_band },
  { header: headers.notes, value: (contact) => contact.notes },
  { header: headers.lastActivity, value: (contact) => contact.last_activity_at },
  { header: headers.created, value: (contact) => contact.created_at },
];

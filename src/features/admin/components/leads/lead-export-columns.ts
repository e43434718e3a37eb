import { leadStatuses } from '@/config/lead-options';
import { leadsCopy } from '@/config/leads-copy';
import type { Lead } from '@/features/admin/api/leads-query';
import type { CsvColumn } from '@/lib/csv-export';

const headers = leadsCopy.exportColumns;

/** The inbox's CSV: what the visitor wrote, where the lead stands, and when it came (ISO 8601). */
export const leadExportColumns: readonly CsvColumn<Lead>[] = [
  { header: headers.name, value: (lead) => lead.name },
  { header: headers.email, value: (lead) => lead.email },
  { header: headers.company, value: (lead) => lead.company },
  { header: headers.message, value: (lead) => lead.message },
  { header: headers.status, value: (lead) => leadStatuses.find((status) => status.value === lead.status)?.label ?? lead.status },
  { header: headers.note, value: (lead) => lead.note },
  { header: headers.received, value: (lead) => lead.created_at },
];

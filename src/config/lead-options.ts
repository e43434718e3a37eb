/** Where a contact-form lead stands in the agency's inbox (/admin/leads); the database checks the same list. */
export const leadStatuses = [
  { value: 'new', label: 'New', tone: 'blue' },
  { value: 'contacted', label: 'Contacted', tone: 'yellow' },
  { value: 'won', label: 'Won', tone: 'green' },
  { value: 'lost', label: 'Lost', tone: 'red' },
  { value: 'archived', label: 'Archived', tone: 'grey' },
] as const;

export type LeadStatus = (typeof leadStatuses)[number]['value'];

/** The inbox's status filter: the open leads first (new and contacted), each status, everything. */
export const leadFilters = [
  { value: 'open', label: 'Open (new and contacted)', statuses: ['new', 'contacted'] },
  ...leadStatuses.map((status) => ({ value: status.value, label: status.label, statuses: [status.value] })),
  { value: 'all', label: 'All leads', statuses: null },
] as const satisfies readonly { value: string; label: string; statuses: readonly LeadStatus[] | null }[];

export type LeadFilterValue = (typeof leadFilters)[number]['value'];

export const LEAD_NOTE_MAX_LENGTH = 5000;
/** Leads per page of the inbox. */
export const LEADS_PAGE_SIZE = 50;

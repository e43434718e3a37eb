import type { LeadFilterValue } from '@/config/lead-options';
import { leadsCopy } from '@/config/leads-copy';

/** What the inbox says when the list is empty: nothing found, no open lead, or no lead at all. */
export function emptyLeadsMessage(filter: LeadFilterValue, search: string): string {
  if (search !== '') return leadsCopy.emptyFiltered;
  if (filter === 'open') return leadsCopy.emptyOpen;
  if (filter === 'all') return leadsCopy.empty;
  return leadsCopy.emptyFiltered;
}

import type { ContactSort, LifecycleStage } from '@/config/contact-options';
import type { LeadScoreBand } from '@/config/sample-figures';

/** What the contacts list shows: a search, filters and an order ('any' / '' = no filter). */
export interface ContactFilters {
  search: string;
  band: LeadScoreBand | 'any';
  stage: LifecycleStage | 'any';
  tag: string;
  /** A member's user id, 'none' for contacts nobody owns, 'any'. */
  owner: string;
  sort: ContactSort;
}

export const NO_CONTACT_FILTERS: ContactFilters = { search: '', band: 'any', stage: 'any', tag: '', owner: 'any', sort: 'newest' };

/** True when anything but the order narrows the list. */
export function isFiltered(filters: ContactFilters): boolean {
  return filters.search.trim() !== '' || filters.band !== 'any' || filters.stage !== 'any' || filters.tag.trim() !== '' || filters.owner !== 'any';
}

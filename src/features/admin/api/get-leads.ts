import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { leadFilters, LEADS_PAGE_SIZE, type LeadFilterValue, type LeadStatus } from '@/config/lead-options';
import { unwrap } from '@/lib/errors';
import { afterCursor, toKeysetPage, type KeysetCursor, type KeysetPage } from '@/lib/keyset';
import { containsAnyOf } from '@/lib/search-filters';
import { adminSupabase } from '@/lib/supabase';
import { adminKeys } from './keys';

export interface Lead {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  status: LeadStatus;
  note: string | null;
  created_at: string;
}

const LEAD_COLUMNS = 'id, name, email, company, message, status, note, created_at';
const SEARCHED_COLUMNS = ['name', 'email', 'company', 'message'] as const;

/** One page (`limit` rows after `cursor`) of the leads of a status filter and a search, newest first. */
async function getLeadRows(filter: LeadFilterValue, search: string, cursor: KeysetCursor | null, limit: number): Promise<Lead[]> {
  let query = adminSupabase.from('leads').select(LEAD_COLUMNS);
  const statuses = leadFilters.find((option) => option.value === filter)?.statuses ?? null;
  if (statuses) query = query.in('status', [...statuses]);
  const searchFilter = containsAnyOf(SEARCHED_COLUMNS, search);
  if (searchFilter) query = query.or(searchFilter);
  if (cursor) {
    const after = afterCursor(cursor);
    query = query.lte('created_at', after.createdAtLte).or(after.or);
  }
  return (unwrap(await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(limit)) ?? []) as Lead[];
}

async function getLeadsPage(filter: LeadFilterValue, search: string, cursor: KeysetCursor | null): Promise<KeysetPage<Lead>> {
  return toKeysetPage(await getLeadRows(filter, search, cursor, LEADS_PAGE_SIZE + 1), LEADS_PAGE_SIZE);
}

/** Every lead of the filter and search, a thousand at a time (the CSV export). */
export async function getAllLeads(filter: LeadFilterValue, search: string): Promise<Lead[]> {
  const all: Lead[] = [];
  let cursor: KeysetCursor | null = null;
  for (;;) {
    const rows = await getLeadRows(filter, search, cursor, 1000);
    all.push(...rows);
    if (rows.length < 1000) return all;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

export function leadsQueryOptions(filter: LeadFilterValue, search: string) {
  return infiniteQueryOptions({
    queryKey: adminKeys.leadList(filter, search),
    queryFn: ({ pageParam }) => getLeadsPage(filter, search, pageParam),
    initialPageParam: null as KeysetCursor | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The inbox's leads; a new search or filter keeps the previous list on screen until its answer arrives. */
export function useLeads(filter: LeadFilterValue, search: string) {
  return useInfiniteQuery({ ...leadsQueryOptions(filter, search), placeholderData: keepPreviousData });
}

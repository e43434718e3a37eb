import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LEADS_PAGE_SIZE, type LeadFilterValue } from '@/config/lead-options';
import { unwrap } from '@/lib/errors';
import { toKeysetPage, type KeysetCursor, type KeysetPage } from '@/lib/keyset';
import { adminSupabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import { leadsPageQuery, type Lead } from './leads-query';

/** One page (`limit` rows after `cursor`) of the leads of a status filter and a search, newest first. */
async function getLeadRows(filter: LeadFilterValue, search: string, cursor: KeysetCursor | null, limit: number): Promise<Lead[]> {
  return (unwrap(await leadsPageQuery(adminSupabase, filter, search, cursor, limit)) ?? []) as Lead[];
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

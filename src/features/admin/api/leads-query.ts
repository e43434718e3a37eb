import type { SupabaseClient } from '@supabase/supabase-js';
import { leadFilters, type LeadFilterValue, type LeadStatus } from '@/config/lead-options';
import { afterCursor, type KeysetCursor } from '@/lib/keyset';
import { containsAnyOf } from '@/lib/search-filters';
import type { Database } from '@/types/database';

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

/**
 * The inbox's request: `limit` leads of a status filter and a search (name, e-mail, company or message contain it,
 * any case) after `cursor`, newest first. Takes the client so the same request runs in the app (the site admin's
 * client) and in the integration tests.
 */
export function leadsPageQuery(client: SupabaseClient<Database>, filter: LeadFilterValue, search: string, cursor: KeysetCursor | null, limit: number) {
  let query = client.from('leads').select(LEAD_COLUMNS);
  const statuses = leadFilters.find((option) => option.value === filter)?.statuses ?? null;
  if (statuses) query = query.in('status', [...statuses]);
  const searchFilter = containsAnyOf(SEARCHED_COLUMNS, search);
  if (searchFilter) query = query.or(searchFilter);
  if (cursor) {
    const after = afterCursor(cursor);
    query = query.lte('created_at', after.createdAtLte).or(after.or);
  }
  return query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(limit);
}

/** How many leads are still new (a HEAD request: the count, no rows). */
export async function countNewLeads(client: SupabaseClient<Database>): Promise<number> {
  const { count, error } = await client.from('leads').select('id', { count: 'exact', head: true }).eq('status', 'new');
  if (error) throw error;
  return count ?? 0;
}

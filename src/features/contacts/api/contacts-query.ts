import type { SupabaseClient } from '@supabase/supabase-js';
import { contactSorts } from '@/config/contact-options';
import { contactCursor, contactsAfter, type ContactCursor } from '@/features/contacts/utils/contact-keyset';
import type { ContactFilters } from '@/features/contacts/utils/contact-filters';
import { unwrap } from '@/lib/errors';
import { prefixTsQuery } from '@/lib/search-filters';
import type { Database, Tables } from '@/types/database';

export type Contact = Omit<Tables<'contacts'>, 'search_document' | 'tag_keys'>;

export const CONTACT_COLUMNS =
  'id, organization_id, first_name, last_name, email, company, job_title, phone, source, lifecycle_stage, tags, score_adjustment, lead_score, score_band, owner_id, notes, last_activity_at, created_at, updated_at, sort_name';

/**
 * The request for `limit` contacts of a workspace after `cursor`: the workspace named explicitly (decision 0003:
 * the index is read in order), full-text search over names, e-mail and company, the filters, the sort's keyset.
 */
export function contactsPageQuery(client: SupabaseClient<Database>, workspaceId: string, filters: ContactFilters, cursor: ContactCursor | null, limit: number) {
  let query = client.from('contacts').select(CONTACT_COLUMNS).eq('organization_id', workspaceId);
  const tsQuery = prefixTsQuery(filters.search);
  if (tsQuery) query = query.textSearch('search_document', tsQuery, { config: 'simple' });
  if (filters.band !== 'any') query = query.eq('score_band', filters.band);
  if (filters.stage !== 'any') query = query.eq('lifecycle_stage', filters.stage);
  // Tags match in any case (the database keeps them lower-cased in tag_keys).
  if (filters.tag.trim()) query = query.contains('tag_keys', [filters.tag.trim().toLowerCase()]);
  if (filters.owner === 'none') query = query.is('owner_id', null);
  else if (filters.owner !== 'any') query = query.eq('owner_id', filters.owner);
  if (cursor) {
    const after = contactsAfter(filters.sort, cursor);
    query = (after.bound === 'lte' ? query.lte(after.column, after.value) : query.gte(after.column, after.value)).or(after.or);
  }
  const { column, ascending } = contactSorts.find((option) => option.value === filters.sort)!;
  return query.order(column, { ascending }).order('id', { ascending }).limit(limit);
}

/** Every contact of the filters in the sort's order, `pageSize` at a time by keyset (the CSV export of the current filter). */
export async function allContactsOf(client: SupabaseClient<Database>, workspaceId: string, filters: ContactFilters, pageSize = 1000): Promise<Contact[]> {
  const all: Contact[] = [];
  let cursor: ContactCursor | null = null;
  for (;;) {
    const rows = (unwrap(await contactsPageQuery(client, workspaceId, filters, cursor, pageSize)) ?? []) as Contact[];
    all.push(...rows);
    if (rows.length < pageSize) return all;
    cursor = contactCursor(filters.sort, rows[rows.length - 1]!);
  }
}

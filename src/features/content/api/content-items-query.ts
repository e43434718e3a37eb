import type { SupabaseClient } from '@supabase/supabase-js';
import { afterCursor, LIST_PAGE_SIZE, type KeysetCursor } from '@/lib/keyset';
import type { Database } from '@/types/database';

/**
 * The Content Hub's list query (spec §7: all fields, newest first), one page at a time. It filters on the
 * organization explicitly although RLS already limits the rows to the caller's organizations: the planner then
 * reads the (organization_id, created_at desc, id desc) index in order and stops after one page. Kept apart from
 * the hook so the integration tests and `npm run bench:content` send exactly this request.
 */
export function contentItemsPageQuery(
  client: SupabaseClient<Database>,
  organizationId: string,
  cursor: KeysetCursor | null,
  pageSize = LIST_PAGE_SIZE,
) {
  let query = client.from('content_items').select('*').eq('organization_id', organizationId);
  if (cursor) {
    const after = afterCursor(cursor);
    query = query.lte('created_at', after.createdAtLte).or(after.or);
  }
  return query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(pageSize + 1);
}

import type { SupabaseClient } from '@supabase/supabase-js';
import { ADVERTISING_CAMPAIGN_TYPE } from '@/config/campaign-options';
import { afterCursor, LIST_PAGE_SIZE, type KeysetCursor } from '@/lib/keyset';
import type { Database } from '@/types/database';

/**
 * The Ad Console's list query (spec §7: all fields where type is 'advertising', newest first), one page at a
 * time, filtered on the organization explicitly so the (organization_id, type, created_at desc, id desc) index
 * gives the order. Kept apart from the hook so the integration tests send exactly this request.
 */
export function campaignsPageQuery(
  client: SupabaseClient<Database>,
  organizationId: string,
  cursor: KeysetCursor | null,
  pageSize = LIST_PAGE_SIZE,
) {
  let query = client.from('campaigns').select('*').eq('organization_id', organizationId).eq('type', ADVERTISING_CAMPAIGN_TYPE);
  if (cursor) {
    const after = afterCursor(cursor);
    query = query.lte('created_at', after.createdAtLte).or(after.or);
  }
  return query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(pageSize + 1);
}

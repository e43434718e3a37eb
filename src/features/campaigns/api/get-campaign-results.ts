import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database';

const PAGE = 1000;

/** Every result of one campaign, oldest day first (for the CSV export), read a thousand rows at a time. */
export async function fetchCampaignResults(client: SupabaseClient<Database>, campaignId: string) {
  const rows: Database['public']['Tables']['campaign_results']['Row'][] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await client
      .from('campaign_results')
      .select('*')
      .eq('campaign_id', campaignId)
      .order('day')
      .order('platform')
      .range(from, from + PAGE - 1);
    if (error) throw new Error(error.message);
    rows.push(...data);
    if (data.length < PAGE) return rows;
  }
}

import type { SupabaseClient } from '@supabase/supabase-js';
import type { Period } from '@/lib/periods';
import type { Database } from '@/types/database';

/**
 * The Ad Console's figure calls (security invoker functions: RLS decides what counts), kept apart from the hooks so
 * the integration tests send exactly these requests. Numbers come back as JSON numbers.
 */

export interface ResultTotals {
  impressions: number;
  clicks: number;
  conversions: number;
  spend: number;
  revenue: number;
}

export async function fetchResultsSummary(client: SupabaseClient<Database>, organizationId: string, period: Period, campaignId: string | null) {
  const { data, error } = await client.rpc('results_summary', {
    workspace_id: organizationId,
    from_day: period.from,
    to_day: period.to,
    ...(campaignId ? { campaign_id: campaignId } : {}),
  });
  if (error) throw new Error(error.message);
  const pick = (name: string): ResultTotals => {
    const row = data.find((entry) => entry.period === name);
    return { impressions: Number(row?.impressions ?? 0), clicks: Number(row?.clicks ?? 0), conversions: Number(row?.conversions ?? 0), spend: Number(row?.spend ?? 0), revenue: Number(row?.revenue ?? 0) };
  };
  return { current: pick('current'), previous: pick('previous') };
}

export async function fetchResultsByDay(client: SupabaseClient<Database>, organizationId: string, period: Period, campaignId: string | null) {
  const { data, error } = await client.rpc('results_by_day', {
    workspace_id: organizationId,
    from_day: period.from,
    to_day: period.to,
    ...(campaignId ? { campaign_id: campaignId } : {}),
  });
  if (error) throw new Error(error.message);
  return data.map((row) => ({ day: row.day, spend: Number(row.spend), revenue: Number(row.revenue) }));
}

export async function fetchResultsByPlatform(client: SupabaseClient<Database>, organizationId: string, period: Period) {
  const { data, error } = await client.rpc('results_by_platform', { workspace_id: organizationId, from_day: period.from, to_day: period.to });
  if (error) throw new Error(error.message);
  return data.map((row) => ({ platform: row.platform, spend: Number(row.spend), revenue: Number(row.revenue) }));
}

/**
 * Active campaigns with their budget and what was spent over their dates (start → end, or → `today`, the user's local
 * day); spend is null for a campaign without a start date.
 */
export async function fetchCampaignPacing(client: SupabaseClient<Database>, organizationId: string, today: string) {
  const { data, error } = await client.rpc('campaign_pacing', { workspace_id: organizationId, today });
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    campaignId: row.campaign_id,
    title: row.title,
    budget: row.budget === null ? null : Number(row.budget),
    spend: row.spend === null ? null : Number(row.spend),
    startDate: row.start_date,
    endDate: row.end_date,
  }));
}

/** Whether the workspace has any result at all (a brand-new workspace shows the spec's sample figures instead). */
export async function fetchHasResults(client: SupabaseClient<Database>, organizationId: string): Promise<boolean> {
  const { data, error } = await client.from('campaign_results').select('id').eq('organization_id', organizationId).limit(1);
  if (error) throw new Error(error.message);
  return data.length > 0;
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { campaignKeys } from '@/features/campaigns/api/keys';
import { fetchCampaignPacing, fetchHasResults, fetchResultsByDay, fetchResultsByPlatform, fetchResultsSummary } from '@/features/campaigns/api/results-figures';
import type { Period } from '@/lib/periods';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

/** The current workspace's id, and whether queries may run. */
function useOrganization() {
  const organizationId = useWorkspace().current?.id ?? null;
  return { organizationId: organizationId ?? '', enabled: organizationId !== null };
}

/** Totals of a period and of the one before it, for the workspace or one campaign. */
export function useResultsSummary(period: Period, campaignId: string | null = null) {
  const { organizationId, enabled } = useOrganization();
  return useQuery({
    queryKey: campaignKeys.figure(organizationId, 'summary', period.from, period.to, campaignId),
    queryFn: () => fetchResultsSummary(supabase, organizationId, period, campaignId),
    enabled,
  });
}

/**
 * Spend and revenue of each day with results (the chart fills the empty days). While another period loads, the
 * chart keeps the last one on screen (its table stays open) instead of flashing a loading state.
 */
export function useResultsByDay(period: Period, campaignId: string | null = null) {
  const { organizationId, enabled } = useOrganization();
  return useQuery({
    queryKey: campaignKeys.figure(organizationId, 'by-day', period.from, period.to, campaignId),
    queryFn: () => fetchResultsByDay(supabase, organizationId, period, campaignId),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useResultsByPlatform(period: Period) {
  const { organizationId, enabled } = useOrganization();
  return useQuery({
    queryKey: campaignKeys.figure(organizationId, 'by-platform', period.from, period.to),
    queryFn: () => fetchResultsByPlatform(supabase, organizationId, period),
    enabled,
  });
}

/** Active campaigns' budgets paced over their dates, up to `today` (the user's local day). */
export function useCampaignPacing(today: string) {
  const { organizationId, enabled } = useOrganization();
  return useQuery({ queryKey: campaignKeys.figure(organizationId, 'pacing', today), queryFn: () => fetchCampaignPacing(supabase, organizationId, today), enabled });
}

export function useHasResults() {
  const { organizationId, enabled } = useOrganization();
  return useQuery({ queryKey: campaignKeys.figure(organizationId, 'has-results'), queryFn: () => fetchHasResults(supabase, organizationId), enabled });
}

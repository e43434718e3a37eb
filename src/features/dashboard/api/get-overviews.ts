import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExecutiveFigures, PlatformFigures } from '@/features/dashboard/utils/overview-stats';
import { addDays, monthToDate, sameDaysOfPreviousMonth, startOfLocalDay } from '@/lib/periods';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';
import type { Database } from '@/types/database';

const numbers = <T,>(row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as T;

/** Whether the workspace has nothing yet (no campaign, no content item): it is shown the spec's sample figures. */
async function fetchIsEmpty(client: SupabaseClient<Database>, organizationId: string) {
  const [campaigns, content] = await Promise.all([
    client.from('campaigns').select('id').eq('organization_id', organizationId).limit(1),
    client.from('content_items').select('id').eq('organization_id', organizationId).limit(1),
  ]);
  if (campaigns.error) throw new Error(campaigns.error.message);
  if (content.error) throw new Error(content.error.message);
  return campaigns.data.length === 0 && content.data.length === 0;
}

/**
 * platform_overview()'s periods on the user's `today`: the month so far against the same days of the month before,
 * and the user's midnight after those days (campaigns are counted as they stood then).
 */
export function platformOverviewPeriods(today: string) {
  const current = monthToDate(today);
  const previous = sameDaysOfPreviousMonth(today);
  return {
    from_day: current.from,
    to_day: current.to,
    previous_from_day: previous.from,
    previous_to_day: previous.to,
    previous_ends_at: startOfLocalDay(addDays(previous.to, 1)),
  };
}

/** platform_overview() and whether the workspace has anything yet. */
export async function fetchPlatformOverview(client: SupabaseClient<Database>, organizationId: string, today: string) {
  const [overview, isEmpty] = await Promise.all([
    client.rpc('platform_overview', { workspace_id: organizationId, ...platformOverviewPeriods(today) }).single(),
    fetchIsEmpty(client, organizationId),
  ]);
  if (overview.error) throw new Error(overview.error.message);
  return { figures: numbers<PlatformFigures>(overview.data), isEmpty };
}

/** executive_overview() and whether the workspace has anything yet. */
export async function fetchExecutiveOverview(client: SupabaseClient<Database>, organizationId: string, today: string) {
  const [overview, isEmpty] = await Promise.all([client.rpc('executive_overview', { workspace_id: organizationId, today }).single(), fetchIsEmpty(client, organizationId)]);
  if (overview.error) throw new Error(overview.error.message);
  return { figures: numbers<ExecutiveFigures>(overview.data), isEmpty };
}

export function platformOverviewQueryOptions(organizationId: string, today: string) {
  return queryOptions({
    queryKey: ['dashboard', 'platform-overview', organizationId, today],
    queryFn: () => fetchPlatformOverview(supabase, organizationId, today),
    // The page and its cards read one answer, even when a card mounts after the page's read came back.
    staleTime: 30_000,
  });
}

export function executiveOverviewQueryOptions(organizationId: string, today: string) {
  return queryOptions({
    queryKey: ['dashboard', 'executive-overview', organizationId, today],
    queryFn: () => fetchExecutiveOverview(supabase, organizationId, today),
  });
}

export function usePlatformOverview(today: string) {
  const organizationId = useWorkspace().current?.id ?? null;
  return useQuery({ ...platformOverviewQueryOptions(organizationId ?? '', today), enabled: organizationId !== null });
}

export function useExecutiveOverview(today: string) {
  const organizationId = useWorkspace().current?.id ?? null;
  return useQuery({ ...executiveOverviewQueryOptions(organizationId ?? '', today), enabled: organizationId !== null });
}

import { useQuery } from '@tanstack/react-query';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { unwrap } from '@/lib/errors';

/** Visitors with an event in the last five minutes, asked again every 30 seconds while the page is open. */
export function useCurrentVisitors(analytics: AnalyticsClient, siteId: string) {
  return useQuery({
    queryKey: analyticsKeys.current(analytics.scope, siteId),
    queryFn: async () => unwrap(await analytics.client.rpc('analytics_current_visitors', { site_id: siteId })),
    refetchInterval: 30_000,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import { analyticsKeys } from '@/features/analytics/api/keys';
import type { AnalyticsReport } from '@/features/analytics/api/report-types';
import { periodRange } from '@/features/analytics/utils/report-figures';
import { unwrap } from '@/lib/errors';
import { previousPeriod, type Period } from '@/lib/periods';

/** A site's figures for a period of UTC days, with the period just before for comparison (computed in the database). */
async function getReport({ client }: AnalyticsClient, siteId: string, period: Period): Promise<AnalyticsReport> {
  const range = periodRange(period);
  const previous = periodRange(previousPeriod(period));
  const data = unwrap(
    await client.rpc('analytics_report', {
      site_id: siteId,
      period_start: range.start,
      period_end: range.end,
      compare_start: previous.start,
      compare_end: previous.end,
    }),
  );
  return data as unknown as AnalyticsReport;
}

export function useAnalyticsReport(analytics: AnalyticsClient, siteId: string, period: Period) {
  const range = periodRange(period);
  return useQuery({
    queryKey: analyticsKeys.report(analytics.scope, siteId, range.start, range.end),
    queryFn: () => getReport(analytics, siteId, period),
    placeholderData: keepPreviousData,
  });
}

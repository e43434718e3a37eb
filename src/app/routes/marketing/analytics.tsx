import { analyticsCopy } from '@/config/analytics-copy';
import { sitesQuery } from '@/features/analytics/api/get-sites';
import { AnalyticsConsole } from '@/features/analytics/components/analytics-console';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { AnalyticsSampleFigures } from '@/features/dashboard/modules/analytics-module';
import { prefetchForWorkspace } from '@/lib/account-prefetch';
import { supabase } from '@/lib/supabase';

const analytics = { client: supabase, scope: 'user' } as const;

/** The Analytics Console: the workspace's measured sites with real figures; the spec's samples, marked, before the first. */
export function MarketingAnalyticsRoute() {
  return (
    <ModulePage module="analytics" subtitle={analyticsCopy.subtitle} isSample={false}>
      <AnalyticsConsole analytics={analytics} sample={<AnalyticsSampleFigures />} />
    </ModulePage>
  );
}

/** The workspace's sites (the console's first read) start with the session, before the page renders. */
export const prefetchAnalyticsRoute = prefetchForWorkspace(({ queryClient, workspaceId }) => {
  void queryClient.prefetchQuery(sitesQuery(analytics, workspaceId));
});

import { analyticsCopy } from '@/config/analytics-copy';
import { AnalyticsConsole } from '@/features/analytics/components/analytics-console';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { AnalyticsSampleFigures } from '@/features/dashboard/modules/analytics-module';
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

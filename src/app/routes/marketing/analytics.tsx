import { AnalyticsModule } from '@/features/dashboard/modules/analytics-module';

export function MarketingAnalyticsRoute() {
  return <AnalyticsModule />;
}

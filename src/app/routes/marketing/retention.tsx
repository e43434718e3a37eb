import { RetentionModule } from '@/features/dashboard/modules/retention-module';

export function MarketingRetentionRoute() {
  return <RetentionModule />;
}

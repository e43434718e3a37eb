import { RetentionOverview } from '@/features/contacts/components/retention-overview';
import { RetentionModule } from '@/features/dashboard/modules/retention-module';

export function MarketingRetentionRoute() {
  return <RetentionModule contactFigures={<RetentionOverview />} />;
}

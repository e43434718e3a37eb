import { CreativeModule } from '@/features/dashboard/modules/creative-module';

export function MarketingCreativeRoute() {
  return <CreativeModule />;
}

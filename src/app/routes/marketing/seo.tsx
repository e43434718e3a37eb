import { SeoModule } from '@/features/dashboard/modules/seo-module';

export function MarketingSeoRoute() {
  return <SeoModule />;
}

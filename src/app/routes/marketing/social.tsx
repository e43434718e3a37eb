import { SocialModule } from '@/features/dashboard/modules/social-module';

export function MarketingSocialRoute() {
  return <SocialModule />;
}

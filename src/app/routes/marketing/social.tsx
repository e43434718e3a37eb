import { SocialModule } from '@/features/dashboard/modules/social-module';
import { SocialHub } from '@/features/social/components/social-hub';

export function MarketingSocialRoute() {
  return (
    <SocialModule>
      <SocialHub />
    </SocialModule>
  );
}

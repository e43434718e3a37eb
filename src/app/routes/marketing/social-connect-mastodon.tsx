import { SocialModule } from '@/features/dashboard/modules/social-module';
import { MastodonCallbackPage } from '@/features/social/components/mastodon-callback-page';

/** /marketing/social/connect/mastodon: the Mastodon instance's OAuth callback (code and state, or error). */
export function MarketingSocialConnectMastodonRoute() {
  return (
    <SocialModule>
      <MastodonCallbackPage />
    </SocialModule>
  );
}

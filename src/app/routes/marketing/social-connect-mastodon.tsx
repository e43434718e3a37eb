import { MastodonCallbackPage } from '@/features/social/components/mastodon-callback-page';

/**
 * /marketing/social/connect/mastodon: the Mastodon instance's OAuth callback (code and state, or error). Not inside
 * the Social Hub's module frame: sharing it would split /marketing/social's first load into more chunks.
 */
export function MarketingSocialConnectMastodonRoute() {
  return <MastodonCallbackPage />;
}

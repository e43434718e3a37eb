import { blueskyConnector } from './bluesky-connector';
import { mastodonConnector } from './mastodon-connector';
import type { SocialConnector } from './social-connector';
import { webhookChannel } from './webhook-channel';

/** The networks that really publish, by social_accounts.network. */
export const connectors: Record<string, SocialConnector> = {
  bluesky: blueskyConnector,
  mastodon: mastodonConnector,
  webhook: webhookChannel,
};

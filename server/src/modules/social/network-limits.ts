import type { SocialNetwork } from '../../../../src/features/social/network-rules';

/** One window of a network's limit on an account: at most `max` posts in `seconds`, and the words for the post. */
export interface PublishingLimit {
  max: number;
  seconds: number;
  label: string;
}

/**
 * Each network's limits per account, as its documentation gives them (Mixpost keeps them in configuration too). The
 * publishing job counts one turn per post sent (private.take_social_publishing_turn); a 429 holds the account until
 * the moment the network names (retryMoment) whatever these say.
 *   Bluesky (docs.bsky.app/docs/advanced-guides/rate-limits): createRecord costs 3 of 5,000 points an hour (1,666
 *     posts), but our connector signs in for every post and createSession allows 30 per 5 minutes and 300 a day
 *     per handle: those bind first.
 *   Mastodon (docs.joinmastodon.org/api/rate-limits): 300 requests per 5 minutes per account (one per post).
 *   The webhook channel: the receiver's own; none here.
 */
export const networkLimits: Record<SocialNetwork, PublishingLimit[]> = {
  bluesky: [
    { max: 30, seconds: 300, label: 'Bluesky lets an account sign in 30 times in 5 minutes (once per post)' },
    { max: 300, seconds: 86_400, label: 'Bluesky lets an account sign in 300 times a day (once per post)' },
  ],
  mastodon: [{ max: 300, seconds: 300, label: 'Mastodon takes 300 requests per account in 5 minutes' }],
  webhook: [],
};

/** Waits shorter than this are lengthened: a network that says "now" again and again must not spin the job. */
export const MIN_RETRY_SECONDS = 30;
/** A network asking for more than a day is taken at its word only up to a day; the post is retried then. */
export const MAX_RETRY_SECONDS = 86_400;

/**
 * When a rate-limited account may post again (pure; unit-tested case by case), from what the network said:
 * Retry-After in seconds ("120") or as an HTTP date, Mastodon's X-RateLimit-Reset (ISO 8601), Bluesky's
 * RateLimit-Reset (Unix seconds). Nothing usable: a minute. Always between MIN_RETRY_SECONDS and MAX_RETRY_SECONDS.
 */
export function retryMoment(said: string | null | undefined, now: Date): Date {
  const value = said?.trim() ?? '';
  let at: number | null = null;
  if (/^\d+$/.test(value)) {
    const number = Number(value);
    at = number > 1_000_000_000 ? number * 1000 : now.getTime() + number * 1000;
  } else if (value) {
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) at = parsed;
  }
  const wait = at === null ? 60_000 : at - now.getTime();
  return new Date(now.getTime() + Math.min(Math.max(wait, MIN_RETRY_SECONDS * 1000), MAX_RETRY_SECONDS * 1000));
}

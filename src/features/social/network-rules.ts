/**
 * Each network's length rule as its API documents it (Mixpost keeps them in configuration; so do we, here):
 *   Bluesky: app.bsky.feed.post `text` has maxGraphemes 300 (and maxLength 3000 bytes);
 *   Mastodon: 500 characters by default (an instance may allow more), every URL counts as 23 characters and a
 *     mention `@user@domain` counts as `@user`;
 *   webhook: the receiver decides; we cap at 5,000 like every post.
 * Pure functions: the composer shows them live, and the server checks again just before sending.
 */
export type SocialNetwork = 'bluesky' | 'mastodon' | 'webhook';

export interface NetworkRule {
  label: string;
  limit: number;
  /** How the limit is counted, in words for the composer. */
  counts: string;
}

export const NETWORK_RULES: Record<SocialNetwork, NetworkRule> = {
  bluesky: { label: 'Bluesky', limit: 300, counts: 'characters as people see them (emoji count once)' },
  mastodon: { label: 'Mastodon', limit: 500, counts: 'characters, each link as 23' },
  webhook: { label: 'Webhook', limit: 5000, counts: 'characters' },
};

const BLUESKY_MAX_BYTES = 3000;
export const MASTODON_URL_LENGTH = 23;

/** User-perceived characters (extended grapheme clusters, UAX #29), as Bluesky counts. */
export function countGraphemes(text: string): number {
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) count += 1;
  return count;
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?'")\]]/giu;
const REMOTE_MENTION = /(^|[^\w@])(@[a-z0-9_]+(?:[a-z0-9_.-]+[a-z0-9_]+)?)@[a-z0-9.-]+\.[a-z0-9]+/giu;

/** Mastodon's count: code points, each URL as 23, `@user@domain` as `@user`. */
export function countMastodon(text: string): number {
  const counted = text
    .replace(URL_PATTERN, 'x'.repeat(MASTODON_URL_LENGTH))
    .replace(REMOTE_MENTION, (_match, before: string, user: string) => `${before}${user}`);
  return [...counted].length;
}

export interface LengthCheck {
  network: SocialNetwork;
  used: number;
  limit: number;
  /** Characters left (negative: over by that many). */
  left: number;
  ok: boolean;
  /** The problem in plain words, or null. */
  message: string | null;
}

/** A variant's length against its network's rule. */
export function checkPostLength(network: SocialNetwork, text: string): LengthCheck {
  const rule = NETWORK_RULES[network];
  const used = network === 'bluesky' ? countGraphemes(text) : network === 'mastodon' ? countMastodon(text) : [...text].length;
  const left = rule.limit - used;
  let message: string | null = null;
  if (text.trim() === '') message = 'Write something to post.';
  else if (left < 0) message = `${rule.label} takes ${rule.limit} ${rule.counts}: this is ${-left} too long.`;
  else if (network === 'bluesky' && new TextEncoder().encode(text).length > BLUESKY_MAX_BYTES) message = `Bluesky takes at most ${BLUESKY_MAX_BYTES} bytes: shorten the text.`;
  return { network, used, limit: rule.limit, left, ok: message === null, message };
}

import type { Database } from '@/types/database';

/**
 * The composer's link card before the post is saved (issue 30 point 2, session 8), pure: which link of the text gets
 * a card (the first http(s) link, by the same rule as the database's private.first_url, which gives the saved post
 * its card), whether it looks whole enough to ask for (not "https://exa" half typed), and what the card shows.
 */

const FIRST_URL = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?'")\]])/;
const MAX_URL_LENGTH = 2000;

/** The first http(s) link of a text, trailing punctuation left out (as the database finds it), or null. */
export function firstUrl(text: string): string | null {
  return FIRST_URL.exec(text)?.[1] ?? null;
}

/** The link to ask a card for: the text's first link when it is a whole address (a host with a dot, localhost or an IP), else null. */
export function linkToPreview(text: string): string | null {
  const url = firstUrl(text);
  if (!url || url.length > MAX_URL_LENGTH) return null;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  const isWhole = host === 'localhost' || host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || /\.[a-z][a-z0-9-]+$/i.test(host);
  return isWhole ? url : null;
}

/** The workspace's cached card of a link, as the composer reads it. */
export type ComposerCard = Pick<Database['public']['Tables']['social_link_preview_cache']['Row'], 'url' | 'status' | 'title' | 'description' | 'image_url' | 'note'>;

/** After this long pending, the composer says the card is slow (the post can be saved without waiting). */
export const SLOW_CARD_MS = 20_000;

export type ComposerCardView =
  | { kind: 'loading'; isSlow: boolean }
  | { kind: 'ready'; card: ComposerCard; host: string }
  | { kind: 'none'; reason: string | null }
  | { kind: 'error'; message: string };

/** What the composer shows for a link's card: loading (slow after a while), the card, "no preview" with the reason, or the request's error. */
export function composerCardView(input: { card: ComposerCard | undefined; requestError: string | null; waitedMs: number }): ComposerCardView {
  if (input.requestError) return { kind: 'error', message: input.requestError };
  const card = input.card;
  if (!card || card.status === 'pending') return { kind: 'loading', isSlow: input.waitedMs >= SLOW_CARD_MS };
  if (card.status === 'ready' && card.title) return { kind: 'ready', card, host: new URL(card.url).host };
  return { kind: 'none', reason: card.note };
}

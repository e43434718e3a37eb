import { checkPostLength, type SocialNetwork } from './network-rules';

/** A thread is the version's own text and at most this many follow-up parts (save_social_post's `parts_too_many`). */
export const MAX_THREAD_PARTS = 9;

/**
 * The first problem of a thread for a network, in plain words, or null (pure; the composer shows it and the publishing
 * job checks again): each text against the network's own rule (network-rules.ts), the first text as a single post's,
 * the others named by their place ("Part 2 of the thread: …").
 */
export function threadProblem(network: SocialNetwork, texts: readonly string[]): string | null {
  if (texts.length > MAX_THREAD_PARTS + 1) return `A thread has at most ${MAX_THREAD_PARTS + 1} posts: remove ${texts.length - MAX_THREAD_PARTS - 1}.`;
  for (const [index, text] of texts.entries()) {
    const check = checkPostLength(network, text);
    if (check.ok) continue;
    return index === 0 ? check.message : `Part ${index + 1} of the thread: ${check.message}`;
  }
  return null;
}

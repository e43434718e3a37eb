import type { SocialNetwork } from '../../../../src/features/social/network-rules';
import { threadProblem as textsProblem } from '../../../../src/features/social/thread-rules';
import type { PublishOutcome } from './social-connector';

/** A channel's text (position 0) or one of its thread's parts, with what is already out (private.social_post_part_sends). */
export interface ThreadPart {
  position: number;
  body: string;
  status: 'attempting' | 'published' | null;
  external_id: string | null;
  external_cid: string | null;
  url: string | null;
}

/** The thread's first problem against its network's rules, or null. */
export function threadProblem(network: SocialNetwork, parts: readonly ThreadPart[]): string | null {
  return textsProblem(network, parts.map((part) => part.body));
}

/**
 * The channel's outcome from its parts' outcomes, in order, up to the first that was not published (pure;
 * unit-tested): all out → published with the first post's URL; the first not out → its own outcome; a later part
 * not out → its outcome, saying how many posts of the thread are out (a failed part: the rest was not sent).
 */
export function threadOutcome(outcomes: readonly PublishOutcome[], total: number): PublishOutcome {
  const first = outcomes[0];
  if (!first) return { status: 'failed', message: 'Not sent: the thread is empty.' };
  const last = outcomes[outcomes.length - 1]!;
  if (last.status === 'published' && outcomes.length === total) {
    if (first.status !== 'published') return first;
    return { ...first, message: total > 1 ? `A thread of ${total} posts.` : first.message };
  }
  if (outcomes.length === 1 || last.status === 'published') return last;
  const out = outcomes.length - 1;
  const lead = `The first ${out === 1 ? 'post' : `${out} posts`} of the thread ${out === 1 ? 'is' : 'are'} out; part ${outcomes.length} of ${total}: `;
  if (last.status === 'failed') return { status: 'failed', message: `${lead}${last.message} The rest was not sent.`, accountBroken: last.accountBroken, rateLimited: last.rateLimited };
  return { status: 'unconfirmed', message: `${lead}${last.message}` };
}

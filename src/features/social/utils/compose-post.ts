import { checkPostLength, type LengthCheck, type SocialNetwork } from '@/features/social/network-rules';
import { scheduleFromLocal } from '@/features/social/utils/channel-display';

export interface ComposerAccount {
  id: string;
  network: string;
  display_name: string;
}

export interface ComposerState {
  body: string;
  /** Chosen account ids, in the order chosen. */
  selected: string[];
  /** An account's own text, when it differs from the post's. */
  variants: Record<string, string | undefined>;
  /** A datetime-local value, '' for a draft. */
  scheduleLocal: string;
  /** An account's thread: the parts after its version, when it has any (decision 0022, session 8). */
  parts?: Record<string, string[] | undefined>;
}

export interface ComposedPost {
  channels: Array<{ account_id: string; body: string; check: LengthCheck; name: string; network: SocialNetwork; parts: string[] }>;
  scheduledAt: string | null;
  /** The first problem, in plain words, or null when it can be saved. */
  problem: string | null;
}

/**
 * The post the composer would save: a variant per chosen account (its own text, else the post's), each checked
 * against its network's rule, and the moment. Pure, so every branch has its case in compose-post.test.ts.
 */
export function composePost(state: ComposerState, accounts: readonly ComposerAccount[], now = new Date()): ComposedPost {
  const channels = state.selected.flatMap((id) => {
    const account = accounts.find((candidate) => candidate.id === id);
    if (!account) return [];
    const body = state.variants[id] ?? state.body;
    const network = account.network as SocialNetwork;
    return [{ account_id: id, body, check: checkPostLength(network, body), name: account.display_name, network, parts: state.parts?.[id] ?? [] }];
  });
  const scheduledAt = scheduleFromLocal(state.scheduleLocal);
  let problem: string | null = null;
  if (channels.length === 0) problem = 'Choose at least one account to post to.';
  else if (state.scheduleLocal && !scheduledAt) problem = 'Enter a valid date and time.';
  else if (scheduledAt && Date.parse(scheduledAt) <= now.getTime()) problem = 'This moment has passed: choose a time in the future.';
  else {
    const bad = channels.find((channel) => !channel.check.ok);
    if (bad) problem = `${bad.name}: ${bad.check.message}`;
  }
  return { channels, scheduledAt, problem };
}

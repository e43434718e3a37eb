import type { ComposerState } from '@/features/social/utils/compose-post';

/** Channel states a post can still change from (the database's `save_social_post` refuses any other: `post_sent`). */
const EDITABLE = new Set(['draft', 'awaiting_approval', 'scheduled']);

interface EditablePost {
  body: string;
  scheduled_at: string | null;
  approval_status: string | null;
  social_post_channels: ReadonlyArray<{ account_id: string; body: string; status: string; parts?: readonly string[] | null }>;
}

/** Whether a post can still be edited: every channel still a draft, awaiting approval or scheduled (not sent, failed, unconfirmed or being sent). */
export function canEditPost(post: Pick<EditablePost, 'social_post_channels'>): boolean {
  return post.social_post_channels.every((channel) => EDITABLE.has(channel.status));
}

/** `2099-05-01T09:00:00Z` → the datetime-local value of that moment in the browser's zone (whole minutes), '' for none. */
export function localFromIso(iso: string | null): string {
  if (!iso) return '';
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/**
 * The composer's state for a saved post: its text, its accounts in order, a variant where an account's text differs,
 * an account's thread where it has one (shown and editable; removing every part saves an empty thread), its moment.
 */
export function composerStateFromPost(post: EditablePost): ComposerState {
  const variants: Record<string, string | undefined> = {};
  const parts: Record<string, string[] | undefined> = {};
  for (const channel of post.social_post_channels) {
    if (channel.body !== post.body) variants[channel.account_id] = channel.body;
    if (channel.parts && channel.parts.length > 0) parts[channel.account_id] = [...channel.parts];
  }
  const state: ComposerState = { body: post.body, selected: post.social_post_channels.map((channel) => channel.account_id), variants, scheduleLocal: localFromIso(post.scheduled_at) };
  return Object.keys(parts).length > 0 ? { ...state, parts } : state;
}

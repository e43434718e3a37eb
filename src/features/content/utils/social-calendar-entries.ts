/**
 * The Social Hub's posts on the Editorial Calendar (issue 30, point 3), pure: a scheduled post as a calendar entry
 * beside the content items (its networks, a status the calendar understands), and the channel filter
 * (all / content only / one account).
 */

export interface SocialCalendarPost {
  id: string;
  body: string;
  scheduled_at: string | null;
  approval_status: string | null;
  social_post_channels: { account_id: string; status: string }[];
}

export interface SocialCalendarAccount {
  id: string;
  network: string;
  display_name: string;
}

/** What an entry of the calendar carries when it is a social post. */
export interface SocialEntryInfo {
  postId: string;
  accountIds: string[];
  networks: string[];
}

export interface CalendarEntryBase {
  id: string;
  title: string;
  status: string;
  content_type: string;
  planned_publish_at: string | null;
  publish_on_schedule: boolean;
  social?: SocialEntryInfo;
}

/** 'all', 'content', or an account's id. */
export type ChannelFilter = string;

const TITLE_LENGTH = 60;

/** The post's status on the calendar, from its channels: published (all out), failed (any failed or unconfirmed), awaiting approval, scheduled, draft. */
export function socialEntryStatus(post: SocialCalendarPost): string {
  const statuses = post.social_post_channels.map((channel) => channel.status);
  if (statuses.length > 0 && statuses.every((status) => status === 'published')) return 'published';
  if (statuses.some((status) => status === 'failed' || status === 'unconfirmed')) return 'failed';
  if (statuses.some((status) => status === 'attempting')) return 'publishing';
  if (post.approval_status === 'awaiting' || statuses.includes('awaiting_approval')) return 'awaiting_approval';
  if (statuses.includes('scheduled')) return 'scheduled';
  return 'draft';
}

/** Scheduled posts as calendar entries (ids prefixed `social:` so they never meet a content item's). */
export function socialCalendarEntries(posts: readonly SocialCalendarPost[], accounts: readonly SocialCalendarAccount[]): CalendarEntryBase[] {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return posts
    .filter((post) => post.scheduled_at !== null)
    .map((post) => {
      const accountIds = post.social_post_channels.map((channel) => channel.account_id);
      const networks = [...new Set(accountIds.map((id) => byId.get(id)?.network).filter((network): network is string => network !== undefined))].sort();
      const text = post.body.trim().replace(/\s+/g, ' ');
      const status = socialEntryStatus(post);
      return {
        id: `social:${post.id}`,
        title: text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH - 1)}…` : text,
        status,
        content_type: 'social_post',
        planned_publish_at: post.scheduled_at,
        publish_on_schedule: status === 'scheduled' || status === 'awaiting_approval',
        social: { postId: post.id, accountIds, networks },
      };
    });
}

/** The entries a channel filter keeps: every one, the content items only, or the posts with a channel on one account. */
export function filterByChannel<T extends CalendarEntryBase>(entries: readonly T[], filter: ChannelFilter): T[] {
  if (filter === 'all') return [...entries];
  if (filter === 'content') return entries.filter((entry) => !entry.social);
  return entries.filter((entry) => entry.social?.accountIds.includes(filter));
}

/** Whether the calendar may move an entry: a social post only while nothing of it has gone out (the database says so too). */
export function canMoveSocialEntry(entry: CalendarEntryBase): boolean {
  return !entry.social || entry.status === 'scheduled' || entry.status === 'awaiting_approval' || entry.status === 'draft';
}

const SOCIAL_STATUSES: Record<string, { label: string; variant: 'blue' | 'green' | 'red' | 'yellow' | 'grey' }> = {
  scheduled: { label: 'Scheduled', variant: 'blue' },
  awaiting_approval: { label: 'Awaiting approval', variant: 'yellow' },
  publishing: { label: 'Sending...', variant: 'blue' },
  published: { label: 'Published', variant: 'green' },
  failed: { label: 'Needs attention', variant: 'red' },
  draft: { label: 'Draft', variant: 'grey' },
};

/** A social entry's status badge on the calendar. */
export function socialStatusBadge(status: string): { label: string; variant: 'blue' | 'green' | 'red' | 'yellow' | 'grey' } {
  return SOCIAL_STATUSES[status] ?? { label: status, variant: 'grey' };
}

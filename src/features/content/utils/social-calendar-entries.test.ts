import { describe, expect, it } from 'vitest';
import { canMoveSocialEntry, filterByChannel, socialCalendarEntries, socialEntryStatus } from '@/features/content/utils/social-calendar-entries';

const post = (channels: [string, string][], extra: Partial<{ body: string; scheduled_at: string | null; approval_status: string | null }> = {}) => ({
  id: 'p1', body: 'Hello', scheduled_at: '2026-12-01T09:00:00Z', approval_status: null,
  social_post_channels: channels.map(([account_id, status]) => ({ account_id, status })), ...extra,
});
const accounts = [{ id: 'a', network: 'bluesky', display_name: 'a.bsky' }, { id: 'b', network: 'mastodon', display_name: '@b@x' }];

describe('socialEntryStatus', () => {
  it.each([
    [[['a', 'published'], ['b', 'published']], null, 'published'],
    [[['a', 'published'], ['b', 'unconfirmed']], null, 'failed'],
    [[['a', 'failed']], null, 'failed'],
    [[['a', 'attempting'], ['b', 'scheduled']], null, 'publishing'],
    [[['a', 'awaiting_approval']], 'awaiting', 'awaiting_approval'],
    [[['a', 'scheduled']], 'approved', 'scheduled'],
    [[['a', 'draft']], 'changes_requested', 'draft'],
  ] as [[string, string][], string | null, string][])('%j (%s) → %s', (channels, approval, expected) => {
    expect(socialEntryStatus(post(channels, { approval_status: approval }))).toBe(expected);
  });
});

describe('socialCalendarEntries and filterByChannel', () => {
  const entries = socialCalendarEntries([post([['a', 'scheduled'], ['b', 'scheduled']]), post([['b', 'draft']], { scheduled_at: null }), { ...post([['b', 'published']]), id: 'p2' }], accounts);
  const content = { id: 'c1', title: 'Article', status: 'review', content_type: 'article', planned_publish_at: '2026-12-02T09:00:00Z', publish_on_schedule: false };

  it('scheduled posts only, ids apart from content items, networks sorted, long text shortened', () => {
    expect(entries.map((entry) => [entry.id, entry.social?.networks, entry.publish_on_schedule])).toEqual([['social:p1', ['bluesky', 'mastodon'], true], ['social:p2', ['mastodon'], false]]);
    const [long] = socialCalendarEntries([post([['a', 'scheduled']], { body: 'x'.repeat(100) })], accounts);
    expect(long!.title).toHaveLength(60);
    expect(long!.title.endsWith('…')).toBe(true);
  });

  it.each([
    ['all', ['c1', 'social:p1', 'social:p2']],
    ['content', ['c1']],
    ['a', ['social:p1']],
    ['b', ['social:p1', 'social:p2']],
    ['unknown-account', []],
  ])('filter %s', (filter, expected) => {
    expect(filterByChannel([content, ...entries], filter).map((entry) => entry.id)).toEqual(expected);
  });

  it('a post already out does not move; content items and scheduled posts do', () => {
    expect(entries.map(canMoveSocialEntry)).toEqual([true, false]);
    expect(canMoveSocialEntry(content)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { nextFreeSlot, SLOT_SEARCH_DAYS, takenMoments, type PostingSlot } from '@/features/social/utils/next-free-slot';

const WEEKDAYS_9_AND_17: PostingSlot[] = [1, 2, 3, 4, 5].flatMap((weekday) => [{ weekday, local_time: '09:00:00' }, { weekday, local_time: '17:00' }]);
const at = (iso: string) => new Date(iso);

describe('nextFreeSlot', () => {
  // 2026-11-30 is a Monday; Berlin is UTC+1 in winter, UTC+2 in summer (changes on 2026-03-29 and 2026-10-25).
  it.each([
    ['before the first slot of the day', '2026-11-30T07:00:00Z', [], '2026-11-30T08:00:00.000Z'],
    ['between the two slots', '2026-11-30T09:00:00Z', [], '2026-11-30T16:00:00.000Z'],
    ['at the very minute of a slot (it is not after now)', '2026-11-30T08:00:00Z', [], '2026-11-30T16:00:00.000Z'],
    ['9:00 taken', '2026-11-30T07:00:00Z', ['2026-11-30T08:00:00Z'], '2026-11-30T16:00:00.000Z'],
    ['taken by a post within the same minute', '2026-11-30T07:00:00Z', ['2026-11-30T08:00:45Z'], '2026-11-30T16:00:00.000Z'],
    ['a post a minute later does not take it', '2026-11-30T07:00:00Z', ['2026-11-30T08:01:00Z'], '2026-11-30T08:00:00.000Z'],
    ['Friday evening: Monday 9:00', '2026-12-04T17:30:00Z', [], '2026-12-07T08:00:00.000Z'],
    ['Saturday: Monday 9:00', '2026-12-05T10:00:00Z', [], '2026-12-07T08:00:00.000Z'],
  ])('Europe/Berlin, weekdays 9:00 and 17:00: %s', (_case, now, taken, expected) => {
    expect(nextFreeSlot(WEEKDAYS_9_AND_17, taken, at(now), 'Europe/Berlin')).toBe(expected);
  });

  it('every slot of this week taken: the next week’s first', () => {
    const taken = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].flatMap((day) => [`${day}T08:00:00Z`, `${day}T16:00:00Z`]);
    expect(nextFreeSlot(WEEKDAYS_9_AND_17, taken, at('2026-11-30T06:00:00Z'), 'Europe/Berlin')).toBe('2026-12-07T08:00:00.000Z');
  });

  it('no slots, or every slot taken as far as it looks: null', () => {
    expect(nextFreeSlot([], [], at('2026-11-30T06:00:00Z'), 'UTC')).toBeNull();
    const mondays = Array.from({ length: SLOT_SEARCH_DAYS / 7 + 2 }, (_, week) => new Date(Date.UTC(2026, 10, 30 + week * 7, 9)).toISOString());
    expect(nextFreeSlot([{ weekday: 1, local_time: '09:00' }], mondays, at('2026-11-30T06:00:00Z'), 'UTC')).toBeNull();
  });

  it('the same wall-clock time across the spring change: 9:00 Sunday is 08:00Z before, 07:00Z on the day', () => {
    const sunday9 = [{ weekday: 7, local_time: '09:00' }];
    expect(nextFreeSlot(sunday9, [], at('2026-03-21T12:00:00Z'), 'Europe/Berlin')).toBe('2026-03-22T08:00:00.000Z');
    expect(nextFreeSlot(sunday9, [], at('2026-03-28T12:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29T07:00:00.000Z');
  });

  it('a slot the clocks skip (2:30 on the spring change day) goes out an hour later, at 3:30 summer time', () => {
    expect(nextFreeSlot([{ weekday: 7, local_time: '02:30' }], [], at('2026-03-28T12:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('a slot that happens twice (2:30 on the autumn change day) is the first 2:30; once taken, next week’s', () => {
    const sunday230 = [{ weekday: 7, local_time: '02:30' }];
    expect(nextFreeSlot(sunday230, [], at('2026-10-24T12:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(nextFreeSlot(sunday230, ['2026-10-25T00:30:00Z'], at('2026-10-24T12:00:00Z'), 'Europe/Berlin')).toBe('2026-11-01T01:30:00.000Z');
  });

  it('the autumn change day itself: 9:00 is 08:00Z (winter time already)', () => {
    expect(nextFreeSlot([{ weekday: 7, local_time: '09:00' }], [], at('2026-10-24T12:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25T08:00:00.000Z');
  });

  it('New York, the day after its spring change (Monday 2026-03-09): 9:00 is 13:00Z; the Friday before, 14:00Z', () => {
    expect(nextFreeSlot(WEEKDAYS_9_AND_17, [], at('2026-03-08T20:00:00Z'), 'America/New_York')).toBe('2026-03-09T13:00:00.000Z');
    expect(nextFreeSlot(WEEKDAYS_9_AND_17, [], at('2026-03-06T12:00:00Z'), 'America/New_York')).toBe('2026-03-06T14:00:00.000Z');
  });

  it('the workspace’s day, not UTC’s: late Sunday evening in Tokyo is already Monday there', () => {
    // 2026-11-29T23:30Z is Monday 08:30 in Tokyo (UTC+9): Monday 9:00 there is 00:00Z.
    expect(nextFreeSlot(WEEKDAYS_9_AND_17, [], at('2026-11-29T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-30T00:00:00.000Z');
  });
});

describe('takenMoments', () => {
  it('the moments of scheduled posts with a channel on the account (drafts and other accounts left out)', () => {
    const posts = [
      { scheduled_at: '2026-12-01T08:00:00Z', social_post_channels: [{ account_id: 'a', status: 'scheduled' }] },
      { scheduled_at: '2026-12-01T09:00:00Z', social_post_channels: [{ account_id: 'b', status: 'scheduled' }] },
      { scheduled_at: null, social_post_channels: [{ account_id: 'a', status: 'draft' }] },
      { scheduled_at: '2026-12-02T08:00:00Z', social_post_channels: [{ account_id: 'a', status: 'awaiting_approval' }] },
      { scheduled_at: '2026-12-03T08:00:00Z', social_post_channels: [{ account_id: 'a', status: 'draft' }] },
    ];
    expect(takenMoments(posts, 'a')).toEqual(['2026-12-01T08:00:00Z', '2026-12-02T08:00:00Z']);
  });
});

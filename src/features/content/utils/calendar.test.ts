import { describe, expect, it } from 'vitest';
import {
  agendaDays,
  calendarDayOf,
  isFocusTarget,
  isOverdue,
  isSchedulableMoment,
  itemsByDay,
  localDayOf,
  monthWeeks,
  moveRefusal,
  moveToDay,
  nextScheduleRefreshMs,
  scheduleState,
  shiftMonth,
  shownItems,
} from '@/features/content/utils/calendar';

/** The zone this process runs in: `at` builds its moments there. */
const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
const at = (year: number, month: number, day: number, hours = 9, minutes = 30) => new Date(year, month - 1, day, hours, minutes).toISOString();

describe('monthWeeks', () => {
  it('shows whole weeks, Monday first, with the days of the months around', () => {
    const weeks = monthWeeks('2026-11'); // 1 November 2026 is a Sunday
    expect(weeks[0]).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01']);
    expect(weeks.at(-1)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(weeks).toHaveLength(6);
  });

  it('starts on the first when the month starts on a Monday, and has four weeks for such a February', () => {
    expect(monthWeeks('2027-02')).toHaveLength(4);
    expect(monthWeeks('2027-02')[0]![0]).toBe('2027-02-01');
  });
});

describe('shiftMonth', () => {
  it('crosses years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });
});

describe('calendarDayOf and itemsByDay: the workspace’s days, not the browser’s', () => {
  // Moments written in UTC: the browser's zone plays no part (the functions take the workspace's zone).
  it('keeps a post at 23:30 workspace time on its day, whatever zone the browser is in', () => {
    // 23:30 in New York (UTC-5 in November) is 04:30 UTC the next day, 07:30 in a zone 3 h ahead of UTC…
    expect(calendarDayOf('2026-11-25T04:30:00Z', 'America/New_York')).toBe('2026-11-24');
    // …and 23:30 in Berlin (UTC+1) is 01:30 in a browser 3 h ahead of Berlin (Europe/Moscow, UTC+3): still the 24th.
    expect(calendarDayOf('2026-11-24T22:30:00Z', 'Europe/Berlin')).toBe('2026-11-24');
  });

  it('puts a moment just after the workspace’s midnight on the new day', () => {
    expect(calendarDayOf('2026-11-24T23:00:00Z', 'Europe/Berlin')).toBe('2026-11-25');
    expect(calendarDayOf('2026-11-24T23:00:00Z', 'UTC')).toBe('2026-11-24');
  });

  it('follows daylight saving time: the last hour before midnight the day the clocks go back', () => {
    // 25 October 2026: Berlin goes from UTC+2 to UTC+1 at 03:00. 23:30 that evening is 22:30 UTC.
    expect(calendarDayOf('2026-10-25T22:30:00Z', 'Europe/Berlin')).toBe('2026-10-25');
    // The evening before (still UTC+2): 23:30 is 21:30 UTC.
    expect(calendarDayOf('2026-10-24T21:30:00Z', 'Europe/Berlin')).toBe('2026-10-24');
  });

  it('groups by the workspace’s day: two posts the same UTC day fall on two days in Tokyo', () => {
    const items = [
      { id: 'evening', title: 'E', status: 'scheduled', planned_publish_at: '2026-11-24T16:00:00Z' }, // 01:00 on the 25th in Tokyo
      { id: 'morning', title: 'M', status: 'scheduled', planned_publish_at: '2026-11-24T01:00:00Z' }, // 10:00 on the 24th
    ];
    expect([...itemsByDay(items, 'Asia/Tokyo').entries()].map(([day, list]) => [day, list.map((item) => item.id)])).toEqual([
      ['2026-11-24', ['morning']],
      ['2026-11-25', ['evening']],
    ]);
    expect([...itemsByDay(items, 'UTC').entries()].map(([day, list]) => [day, list.map((item) => item.id)])).toEqual([['2026-11-24', ['morning', 'evening']]]);
  });

  it('gives focus to a moved item in its new day of the workspace’s zone only', () => {
    const item = { id: 'p', title: 'P', status: 'scheduled', planned_publish_at: '2026-11-25T04:30:00Z' };
    expect(isFocusTarget({ id: 'p', day: '2026-11-24' }, item, 'America/New_York')).toBe(true);
    expect(isFocusTarget({ id: 'p', day: '2026-11-25' }, item, 'America/New_York')).toBe(false);
    expect(isFocusTarget({ id: 'q', day: '2026-11-24' }, item, 'America/New_York')).toBe(false);
  });
});

describe('itemsByDay and moveToDay', () => {
  it('groups by local day in time order and leaves unplanned items out', () => {
    const items = [
      { id: 'b', title: 'B', status: 'draft', planned_publish_at: at(2026, 11, 24, 15) },
      { id: 'a', title: 'A', status: 'draft', planned_publish_at: at(2026, 11, 24, 8) },
      { id: 'c', title: 'C', status: 'draft', planned_publish_at: null },
    ];
    const byDay = itemsByDay(items, here);
    expect([...byDay.keys()]).toEqual(['2026-11-24']);
    expect(byDay.get('2026-11-24')!.map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('keeps the local time of day when moving to another day, across months', () => {
    const moved = moveToDay(at(2026, 11, 30, 14, 5), '2026-12-02');
    expect(localDayOf(moved)).toBe('2026-12-02');
    expect(new Date(moved).getHours()).toBe(14);
    expect(new Date(moved).getMinutes()).toBe(5);
  });
});

describe('isOverdue', () => {
  const now = new Date(2026, 10, 23, 12);
  it('is past its date and not published or archived', () => {
    expect(isOverdue({ id: 'x', title: 'x', status: 'draft', planned_publish_at: at(2026, 11, 22) }, now)).toBe(true);
    expect(isOverdue({ id: 'x', title: 'x', status: 'review', planned_publish_at: at(2026, 11, 23, 11) }, now)).toBe(true);
    expect(isOverdue({ id: 'x', title: 'x', status: 'published', planned_publish_at: at(2026, 11, 22) }, now)).toBe(false);
    expect(isOverdue({ id: 'x', title: 'x', status: 'archived', planned_publish_at: at(2026, 11, 22) }, now)).toBe(false);
    expect(isOverdue({ id: 'x', title: 'x', status: 'draft', planned_publish_at: at(2026, 11, 24) }, now)).toBe(false);
    expect(isOverdue({ id: 'x', title: 'x', status: 'draft', planned_publish_at: null }, now)).toBe(false);
  });
});

describe('agendaDays', () => {
  const now = new Date(2026, 10, 24, 12, 0); // 24 November 2026, noon
  const item = (id: string, status: string, day: number, hours = 9) => ({ id, title: id, status, planned_publish_at: at(2026, 11, day, hours) });
  const days = (entries: [string, { id: string }[]][]) => entries.map(([day, items]) => [day, items.map((entry) => entry.id)]);
  const agenda = (items: ReturnType<typeof item>[], length = 28) => days(agendaDays(itemsByDay(items, here), '2026-11-24', now, length));

  it('keeps only the overdue items of past days, and leaves out past days without any', () => {
    const items = [item('late draft', 'draft', 20), item('shipped', 'published', 20), item('archived', 'archived', 21), item('in review', 'review', 22)];
    expect(agenda(items)).toEqual([
      ['2026-11-20', ['late draft']],
      ['2026-11-22', ['in review']],
    ]);
  });

  it('shows every item of today, the overdue morning one too, and of the coming days', () => {
    const items = [item('this morning', 'draft', 24, 8), item('published today', 'published', 24, 10), item('tonight', 'scheduled', 24, 20), item('next week', 'draft', 30)];
    expect(agenda(items)).toEqual([
      ['2026-11-24', ['this morning', 'published today', 'tonight']],
      ['2026-11-30', ['next week']],
    ]);
  });

  it('stops after the last day of the agenda (today is its first day)', () => {
    const items = [item('sixth day', 'draft', 29), item('seventh day', 'draft', 30), { id: 'eighth day', title: 'x', status: 'draft', planned_publish_at: at(2026, 12, 1) }];
    expect(agenda(items, 7)).toEqual([
      ['2026-11-29', ['sixth day']],
      ['2026-11-30', ['seventh day']],
    ]);
    expect(agenda(items, 6)).toEqual([['2026-11-29', ['sixth day']]]);
  });

  it('lists days in order whatever order the map has, and nothing for no items', () => {
    const unordered = new Map([
      ['2026-11-26', [item('b', 'draft', 26)]],
      ['2026-11-25', [item('a', 'draft', 25)]],
    ]);
    expect(days(agendaDays(unordered, '2026-11-24', now, 28))).toEqual([
      ['2026-11-25', ['a']],
      ['2026-11-26', ['b']],
    ]);
    expect(agendaDays(new Map(), '2026-11-24', now, 28)).toEqual([]);
  });
});

describe('shownItems', () => {
  const items = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
  const ids = (shown: { id: string }[]) => shown.map((entry) => entry.id);

  it('shows the first ones by time', () => {
    expect(ids(shownItems(items, 3, null))).toEqual(['a', 'b', 'c']);
    expect(ids(shownItems(items.slice(0, 2), 3, null))).toEqual(['a', 'b']);
  });

  it('keeps the item keyboard focus follows in view, in the last place', () => {
    expect(ids(shownItems(items, 3, 'e'))).toEqual(['a', 'b', 'e']);
    expect(ids(shownItems(items, 3, 'b'))).toEqual(['a', 'b', 'c']);
    expect(ids(shownItems(items, 3, 'elsewhere'))).toEqual(['a', 'b', 'c']);
  });
});

describe('scheduleState', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const item = (status: string, planned: string | null, scheduled = false) => ({ id: 'x', title: 'x', status, planned_publish_at: planned, publish_on_schedule: scheduled });
  it.each([
    ['published, whatever its date', item('published', '2026-11-22T00:00:00Z', true), 'published'],
    ['archived', item('archived', '2026-11-22T00:00:00Z'), 'done'],
    ['scheduled for later', item('draft', '2026-11-23T13:00:00Z', true), 'scheduled'],
    ['scheduled, its moment a minute ago (being published)', item('review', '2026-11-23T11:59:00Z', true), 'publishing'],
    ['scheduled, its moment an hour ago and still a draft (no worker published it)', item('draft', '2026-11-23T11:00:00Z', true), 'overdue'],
    ['planned only, past', item('draft', '2026-11-23T11:59:00Z'), 'overdue'],
    ['planned only, later', item('draft', '2026-11-24T00:00:00Z'), 'planned'],
    ['no date', item('draft', null), 'planned'],
  ])('%s', (_case, value, expected) => {
    expect(scheduleState(value, now)).toBe(expected);
  });

  it('a scheduled item on its way is not overdue', () => {
    expect(isOverdue(item('draft', '2026-11-23T11:59:00Z', true), now)).toBe(false);
    expect(isOverdue(item('draft', '2026-11-23T11:59:00Z', false), now)).toBe(true);
  });
});

describe('nextScheduleRefreshMs', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const item = (planned: string, scheduled = true, status = 'draft') => ({ id: 'x', title: 'x', status, planned_publish_at: planned, publish_on_schedule: scheduled });
  it('looks again a few seconds after the next scheduled moment within the minute', () => {
    expect(nextScheduleRefreshMs([item('2026-11-23T12:00:20Z'), item('2026-11-23T12:00:40Z')], now)).toBe(23_000);
  });
  it('looks again soon while one is being published', () => {
    expect(nextScheduleRefreshMs([item('2026-11-23T11:59:30Z')], now)).toBe(3_000);
  });
  it('does not poll for plans, published items or moments further away', () => {
    expect(nextScheduleRefreshMs([item('2026-11-23T12:00:20Z', false), item('2026-11-23T11:59:30Z', true, 'published'), item('2026-11-23T12:05:00Z')], now)).toBe(false);
  });
});

describe('isSchedulableMoment', () => {
  const now = new Date(2026, 10, 23, 12, 30, 45);
  it.each([
    ['this minute (the field has no seconds)', new Date(2026, 10, 23, 12, 30), true],
    ['later today', new Date(2026, 10, 23, 18, 0), true],
    ['the minute before', new Date(2026, 10, 23, 12, 29), false],
    ['yesterday', new Date(2026, 10, 22, 12, 30), false],
  ])('%s → %s', (_case, moment, expected) => {
    expect(isSchedulableMoment(moment.toISOString(), now)).toBe(expected);
  });
});

describe('moveRefusal', () => {
  const now = new Date(2026, 10, 23, 12, 30, 45);
  const scheduled = { id: 'a', title: 'Auto', status: 'draft', planned_publish_at: at(2026, 11, 24, 9, 0), publish_on_schedule: true };
  it.each([
    ['a scheduled item to a later day', scheduled, at(2026, 11, 25, 9, 0), null],
    ['a scheduled item to earlier today, still ahead', scheduled, at(2026, 11, 23, 18, 0), null],
    ['a scheduled item to this minute', scheduled, at(2026, 11, 23, 12, 30), null],
    ['a scheduled item to this morning (past: it would publish at once)', scheduled, at(2026, 11, 23, 9, 0), 'scheduled-into-past'],
    ['a scheduled item to yesterday', scheduled, at(2026, 11, 22, 9, 0), 'scheduled-into-past'],
    ['a scheduled item in review to yesterday', { ...scheduled, status: 'review' }, at(2026, 11, 22, 9, 0), 'scheduled-into-past'],
    ['a plan (not scheduled) to yesterday', { ...scheduled, publish_on_schedule: false }, at(2026, 11, 22, 9, 0), null],
    ['a published item to yesterday', { ...scheduled, status: 'published' }, at(2026, 11, 22, 9, 0), null],
  ])('%s → %s', (_case, item, moment, expected) => {
    expect(moveRefusal(item, moment, now)).toBe(expected);
  });
});

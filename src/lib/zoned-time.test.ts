import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/periods';
import { momentAt, moveToZonedDay, wallClockOf } from '@/lib/zoned-time';

describe('zoned time', () => {
  it.each([
    ['2026-11-30T07:00:00Z', 'Europe/Berlin', { day: '2026-11-30', time: '08:00', weekday: 1 }],
    ['2026-11-29T23:30:00Z', 'Asia/Tokyo', { day: '2026-11-30', time: '08:30', weekday: 1 }],
    ['2026-11-30T03:00:00Z', 'America/Los_Angeles', { day: '2026-11-29', time: '19:00', weekday: 7 }],
    ['2026-07-01T12:00:00Z', 'UTC', { day: '2026-07-01', time: '12:00', weekday: 3 }],
  ])('wallClockOf(%s, %s)', (moment, zone, expected) => {
    expect(wallClockOf(moment, zone)).toEqual(expected);
  });

  it.each([
    ['2026-03-29', '01:59', '2026-03-29T00:59:00.000Z'],
    ['2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'], // skipped: 03:30 summer time
    ['2026-03-29', '03:00', '2026-03-29T01:00:00.000Z'],
    ['2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'], // twice: the first
    ['2026-10-25', '03:00', '2026-10-25T02:00:00.000Z'],
  ])('momentAt(%s, %s) in Berlin', (day, time, expected) => {
    expect(momentAt(day, time, 'Europe/Berlin').toISOString()).toBe(expected);
  });

  it('a move keeps the wall-clock time across a change of offset', () => {
    // Friday 2026-03-27 09:00 CET (08:00Z) → Monday 2026-03-30 09:00 CEST (07:00Z).
    expect(moveToZonedDay('2026-03-27T08:00:00Z', '2026-03-30', 'Europe/Berlin')).toBe('2026-03-30T07:00:00.000Z');
    expect(moveToZonedDay('2026-11-30T16:15:00Z', '2026-12-24', 'UTC')).toBe('2026-12-24T16:15:00.000Z');
  });

  it('a day shifted (addDays, which the zoned moves use) crosses months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

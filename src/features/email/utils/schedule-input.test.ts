import { describe, expect, it } from 'vitest';
import { scheduleError, toLocalInputValue } from './schedule-input';

describe('schedule input', () => {
  const now = new Date(2026, 10, 27, 21, 45);
  it('writes local time for the input', () => {
    expect(toLocalInputValue(now)).toBe('2026-11-27T21:45');
  });
  it.each([
    ['', 'Choose a date and a time'],
    ['2026-11-27T20:00', 'Choose a moment in the future'],
    ['2028-01-01T10:00', 'Choose a moment within a year'],
    ['2026-11-28T09:00', null],
  ])('%s → %s', (value, expected) => {
    expect(scheduleError(value, now)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { fromDateTimeInput, toDateTimeInput } from '@/lib/datetime-local';

const at = (year: number, month: number, day: number, hours = 9, minutes = 30) => new Date(year, month - 1, day, hours, minutes).toISOString();

describe('datetime-local field', () => {
  it('round-trips a local date and time', () => {
    const stored = at(2026, 3, 5, 7, 45);
    expect(toDateTimeInput(stored)).toBe('2026-03-05T07:45');
    expect(fromDateTimeInput('2026-03-05T07:45')).toBe(stored);
    expect(toDateTimeInput(null)).toBe('');
  });

  it('is empty for no plan, and unreadable for impossible values', () => {
    expect(fromDateTimeInput('')).toBeNull();
    expect(fromDateTimeInput('2026-02-30T10:00')).toBeUndefined();
    expect(fromDateTimeInput('2026-02-10T25:00')).toBeUndefined();
    expect(fromDateTimeInput('1999-02-10T10:00')).toBeUndefined();
    expect(fromDateTimeInput('tomorrow')).toBeUndefined();
  });
});

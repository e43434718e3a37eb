import { describe, expect, it } from 'vitest';
import {
  addDays,
  changePercent,
  dayValue,
  fillEmptyDays,
  localDay,
  monthPeriod,
  monthToDate,
  parseCustomPeriod,
  periodDays,
  periodLength,
  presetPeriod,
  previousMonth,
  previousPeriod,
  resolvePeriod,
  sameDaysOfPreviousMonth,
  startOfLocalDay,
} from '@/lib/periods';

describe('dayValue', () => {
  it('accepts real days and refuses impossible or malformed ones', () => {
    expect(dayValue('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    expect(dayValue('2027-02-29')).toBeNull();
    expect(dayValue('2026-13-01')).toBeNull();
    expect(dayValue('2026-1-01')).toBeNull();
    expect(dayValue('')).toBeNull();
  });
});

describe('addDays and localDay', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
  });

  it('throws on a day that is not one', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('reads the local calendar day of a moment', () => {
    expect(localDay(new Date(2026, 10, 3, 23, 59))).toBe('2026-11-03');
  });
});

describe('presetPeriod and previousPeriod', () => {
  it('the last 7 days include today', () => {
    expect(presetPeriod(7, '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(periodLength(presetPeriod(30, '2026-11-23'))).toBe(30);
    expect(periodLength(presetPeriod(90, '2026-03-01'))).toBe(90);
  });

  it('the previous period has the same length and ends the day before', () => {
    expect(previousPeriod({ from: '2026-11-17', to: '2026-11-23' })).toEqual({ from: '2026-11-10', to: '2026-11-16' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    // Across a daylight-saving change in most of Europe and America: still whole days.
    expect(previousPeriod({ from: '2026-03-30', to: '2026-04-05' })).toEqual({ from: '2026-03-23', to: '2026-03-29' });
  });
});

describe('monthPeriod and previousMonth', () => {
  it('covers the calendar month, leap years included', () => {
    expect(monthPeriod('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthPeriod('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('the month before crosses the year', () => {
    expect(previousMonth('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(previousMonth('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});

describe('monthToDate and sameDaysOfPreviousMonth: month over month, like with like', () => {
  it('the 15th: the 1st to the 15th of this month and of the month before', () => {
    expect(monthToDate('2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(sameDaysOfPreviousMonth('2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-15' });
  });

  it('the 1st of a month: that day alone, and the 1st of the month before', () => {
    expect(monthToDate('2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(sameDaysOfPreviousMonth('2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-01' });
  });

  it('the 31st: the month before is cut at its own last day', () => {
    expect(sameDaysOfPreviousMonth('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(sameDaysOfPreviousMonth('2026-05-31')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(sameDaysOfPreviousMonth('2026-08-31')).toEqual({ from: '2026-07-01', to: '2026-07-31' });
  });

  it('February: its last day compares with the same day of January, not the rest of it', () => {
    expect(monthToDate('2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(sameDaysOfPreviousMonth('2026-02-28')).toEqual({ from: '2026-01-01', to: '2026-01-28' });
  });

  it('a leap year: 29 February exists, and the 30th of March is cut at it', () => {
    expect(sameDaysOfPreviousMonth('2028-02-29')).toEqual({ from: '2028-01-01', to: '2028-01-29' });
    expect(sameDaysOfPreviousMonth('2028-03-30')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(sameDaysOfPreviousMonth('2027-03-29')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('January: the same days of December of the year before', () => {
    expect(sameDaysOfPreviousMonth('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-15' });
  });
});

describe('startOfLocalDay', () => {
  it("is the user's midnight, as a moment", () => {
    expect(startOfLocalDay('2026-03-01')).toBe(new Date(2026, 2, 1).toISOString());
    expect(new Date(startOfLocalDay('2028-02-29')).getDate()).toBe(29);
    expect(() => startOfLocalDay('2026-02-30')).toThrow(RangeError);
  });
});

describe('periodDays', () => {
  it('lists every day in order, both ends included', () => {
    expect(periodDays({ from: '2026-12-30', to: '2027-01-02' })).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(periodDays({ from: '2026-01-02', to: '2026-01-01' })).toEqual([]);
  });
});

describe('parseCustomPeriod', () => {
  it('accepts a real range', () => {
    expect(parseCustomPeriod('2026-01-01', '2026-01-31')).toEqual({ period: { from: '2026-01-01', to: '2026-01-31' } });
    expect(parseCustomPeriod('2026-01-01', '2026-01-01')).toEqual({ period: { from: '2026-01-01', to: '2026-01-01' } });
  });

  it('says what is wrong', () => {
    expect(parseCustomPeriod('', '2026-01-31')).toEqual({ error: 'invalid-from' });
    expect(parseCustomPeriod('2026-01-01', '2026-02-30')).toEqual({ error: 'invalid-to' });
    expect(parseCustomPeriod('2026-02-01', '2026-01-31')).toEqual({ error: 'reversed' });
    expect(parseCustomPeriod('2024-01-01', '2026-01-02')).toEqual({ error: 'too-long' });
  });
});

describe('changePercent', () => {
  it('computes the change from the previous figure', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(100, 100)).toBe(0);
    expect(changePercent(0, 100)).toBe(-100);
  });

  it('uses the size of a negative previous figure (ROI from -50 % to +50 % is a rise)', () => {
    expect(changePercent(50, -50)).toBe(200);
  });

  it('has no change to show when there is nothing to compare with', () => {
    expect(changePercent(10, 0)).toBeNull();
    expect(changePercent(0, 0)).toBeNull();
    expect(changePercent(10, null)).toBeNull();
    expect(changePercent(10, undefined)).toBeNull();
    expect(changePercent(Number.NaN, 5)).toBeNull();
  });
});

describe('fillEmptyDays', () => {
  const period = { from: '2026-11-01', to: '2026-11-04' };

  it('fills the empty days with zeros and keeps the order', () => {
    expect(fillEmptyDays([{ day: '2026-11-03', spend: 5, revenue: 9 }], period, ['spend', 'revenue'])).toEqual([
      { day: '2026-11-01', spend: 0, revenue: 0 },
      { day: '2026-11-02', spend: 0, revenue: 0 },
      { day: '2026-11-03', spend: 5, revenue: 9 },
      { day: '2026-11-04', spend: 0, revenue: 0 },
    ]);
  });

  it('sums two rows of the same day and leaves out rows outside the period', () => {
    const rows = [
      { day: '2026-11-02', spend: 1 },
      { day: '2026-11-02', spend: 2.5 },
      { day: '2026-10-31', spend: 100 },
    ];
    expect(fillEmptyDays(rows, period, ['spend']).map((row) => row.spend)).toEqual([0, 3.5, 0, 0]);
  });

  it('gives a zero series for an empty period of data', () => {
    expect(fillEmptyDays([], { from: '2026-11-01', to: '2026-11-01' }, ['spend'])).toEqual([{ day: '2026-11-01', spend: 0 }]);
  });
});

describe('resolvePeriod', () => {
  it('gives a preset its days up to today, and a custom range as it is', () => {
    expect(resolvePeriod({ kind: 'preset', days: 30 }, '2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(resolvePeriod({ kind: 'custom', period: { from: '2026-01-01', to: '2026-01-05' } }, '2026-11-23')).toEqual({ from: '2026-01-01', to: '2026-01-05' });
  });
});

import { describe, expect, it } from 'vitest';
import { withoutRepeatedDays, type SeenDays } from '@/features/campaigns/utils/results-batches';

const row = (day: string, platform: 'Google Ads' | 'Facebook Ads' = 'Google Ads') => ({ day, platform });

describe('withoutRepeatedDays', () => {
  it('keeps every first day and platform, with its line', () => {
    const seen: SeenDays = new Map();
    const batch = withoutRepeatedDays([row('2026-01-01'), row('2026-01-01', 'Facebook Ads'), row('2026-01-02')], [2, 3, 5], seen);
    expect(batch).toEqual({ rows: [row('2026-01-01'), row('2026-01-01', 'Facebook Ads'), row('2026-01-02')], lines: [2, 3, 5], repeated: [] });
    expect([...seen]).toEqual([['2026-01-01|Google Ads', 2], ['2026-01-01|Facebook Ads', 3], ['2026-01-02|Google Ads', 5]]);
  });

  it('names a repeat within the batch by the line it repeats, and leaves it out', () => {
    const batch = withoutRepeatedDays([row('2026-01-01'), row('2026-01-01')], [2, 9], new Map());
    expect(batch).toEqual({ rows: [row('2026-01-01')], lines: [2], repeated: [{ line: 9, reason: 'Same day and platform as line 2' }] });
  });

  it('names a repeat of an earlier batch of the same import', () => {
    const seen: SeenDays = new Map();
    withoutRepeatedDays([row('2026-01-01')], [2], seen);
    const second = withoutRepeatedDays([row('2026-01-02'), row('2026-01-01')], [1002, 1003], seen);
    expect(second).toEqual({ rows: [row('2026-01-02')], lines: [1002], repeated: [{ line: 1003, reason: 'Same day and platform as line 2' }] });
  });

  it('counts lines from 1 when none are given', () => {
    expect(withoutRepeatedDays([row('2026-01-01'), row('2026-01-01')], [], new Map()).repeated).toEqual([{ line: 2, reason: 'Same day and platform as line 1' }]);
  });
});

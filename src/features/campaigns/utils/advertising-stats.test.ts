import { describe, expect, it } from 'vitest';
import { advertisingStats, formatMultiple, formatMultipleChange } from '@/features/campaigns/utils/advertising-stats';

const totals = (impressions: number, clicks: number, spend: number, revenue: number) => ({ impressions, clicks, conversions: 0, spend, revenue });

describe('advertisingStats', () => {
  it('computes spend, impressions, CTR and ROAS with their changes', () => {
    expect(advertisingStats(totals(1_200_000, 45_600, 12_450, 52_290), totals(1_000_000, 34_000, 11_500, 44_850))).toEqual([
      { key: 'spend', label: 'Total Ad Spend', value: '$12,450', change: '+8.3%' },
      { key: 'impressions', label: 'Impressions', value: '1.2M', change: '+20%' },
      { key: 'ctr', label: 'Click-Through Rate', value: '3.8%', change: '+0.4 pts' }, // 3.8 % vs 3.4 %
      { key: 'roas', label: 'Return on Ad Spend', value: '4.2x', change: '+0.3x' }, // 4.2x vs 3.9x
    ]);
  });

  it('has no change after an empty period, and no rate without impressions or spend', () => {
    expect(advertisingStats(totals(0, 0, 0, 0), totals(0, 0, 0, 0))).toEqual([
      { key: 'spend', label: 'Total Ad Spend', value: '$0', change: null },
      { key: 'impressions', label: 'Impressions', value: '0', change: null },
      { key: 'ctr', label: 'Click-Through Rate', value: '–', change: null },
      { key: 'roas', label: 'Return on Ad Spend', value: '–', change: null },
    ]);
  });
});

describe('multiples', () => {
  it('writes multiples and their change', () => {
    expect(formatMultiple(4.25)).toBe('4.3x');
    expect(formatMultiple(null)).toBe('–');
    expect(formatMultipleChange(3.5, 4)).toBe('-0.5x');
    expect(formatMultipleChange(3.5, null)).toBeNull();
  });
});

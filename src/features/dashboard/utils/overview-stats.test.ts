import { describe, expect, it } from 'vitest';
import { executiveStats, platformStats, roi } from '@/features/dashboard/utils/overview-stats';

describe('platformStats', () => {
  it('computes the four cards and their month-over-month change', () => {
    const stats = platformStats({
      campaigns: 24, campaigns_last_month: 20,
      clicks: 1000, conversions: 32.4, revenue: 45231, clicks_last_month: 1000, conversions_last_month: 28.4, revenue_last_month: 41800,
      active_users: 12, active_users_before: 10,
    });
    expect(stats).toEqual([
      { label: 'Total Campaigns', value: '24', change: '+20%' },
      { label: 'Conversion Rate', value: '3.24%', change: '+0.4 pts' },
      { label: 'Active Users', value: '12', change: '+20%' },
      { label: 'Revenue', value: '$45,231', change: '+8.2%' },
    ]);
  });

  it('has no rate without clicks and no change after an empty month', () => {
    const stats = platformStats({
      campaigns: 1, campaigns_last_month: 0, clicks: 0, conversions: 0, revenue: 0, clicks_last_month: 0, conversions_last_month: 0, revenue_last_month: 0, active_users: 1, active_users_before: 0,
    });
    expect(stats.map((stat) => [stat.value, stat.change])).toEqual([
      ['1', null],
      ['–', null],
      ['1', null],
      ['$0', null],
    ]);
  });
});

describe('roi and executiveStats', () => {
  it('is (revenue − spend) ÷ spend', () => {
    expect(roi(300, 100)).toBe(2);
    expect(roi(50, 100)).toBe(-0.5);
    expect(roi(10, 0)).toBeNull();
  });

  it('shows budget and active campaigns now, ROI of the last 30 days with its change in points', () => {
    expect(executiveStats({ total_budget: 485231, active_campaigns: 18, spend: 100, revenue: 424, spend_before: 100, revenue_before: 400, members: 4 })).toEqual([
      { label: 'Total Budget', value: '$485,231', change: null, note: 'Active campaigns' },
      { label: 'Active Campaigns', value: '18', change: null, note: 'Right now' },
      { label: 'ROI', value: '324%', change: '+24 pts', note: 'No spend in the last 60 days' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { executiveStats, platformStats, roi, roiNote, withWebsiteConversionRate } from '@/features/dashboard/utils/overview-stats';
import { toSiteFigures } from '@/lib/site-figures';

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

describe('withWebsiteConversionRate', () => {
  const campaigns = platformStats({
    campaigns: 24, campaigns_last_month: 20,
    clicks: 1000, conversions: 32.4, revenue: 45231, clicks_last_month: 1000, conversions_last_month: 28.4, revenue_last_month: 41800,
    active_users: 12, active_users_before: 10,
  });
  const site = (sites: number, current: [number, number], previous: [number, number]) =>
    toSiteFigures([
      { period: 'current', sites, visitors: current[0], pageviews: current[0] * 2, conversions: current[1] },
      { period: 'previous', sites, visitors: previous[0], pageviews: previous[0] * 2, conversions: previous[1] },
    ]);

  it("takes the websites' rate (goal visitors ÷ visitors, 30 days against the 30 before) when the workspace measures a site", () => {
    const stats = withWebsiteConversionRate(campaigns, site(1, [400, 18], [300, 9]));
    expect(stats[1]).toEqual({
      label: 'Conversion Rate', value: '4.50%', change: '+1.5 pts', note: 'Website visitors, last 30 days', period: 'from the 30 days before (websites)',
    });
    expect(stats.filter((_, index) => index !== 1)).toEqual(campaigns.filter((_, index) => index !== 1));
  });

  it('has no rate without visitors and no change without visitors before', () => {
    expect(withWebsiteConversionRate(campaigns, site(2, [0, 0], [0, 0]))[1]).toMatchObject({ value: '–', change: null });
    expect(withWebsiteConversionRate(campaigns, site(2, [10, 1], [0, 0]))[1]).toMatchObject({ value: '10.00%', change: null });
    expect(withWebsiteConversionRate(campaigns, site(1, [10, 0], [10, 2]))[1]).toMatchObject({ value: '0.00%', change: '-20 pts' });
  });

  it("keeps the campaigns' figure without a site, or while the websites' figures are missing", () => {
    expect(withWebsiteConversionRate(campaigns, site(0, [400, 18], [300, 9]))).toEqual(campaigns);
    expect(withWebsiteConversionRate(campaigns, undefined)).toEqual(campaigns);
    expect(withWebsiteConversionRate(campaigns, null)).toEqual(campaigns);
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
      { label: 'ROI', value: '324%', change: '+24 pts', period: 'from the previous 30 days' },
    ]);
  });

  const roiCard = (spend: number, spendBefore: number) =>
    executiveStats({ total_budget: 0, active_campaigns: 0, spend, revenue: 300, spend_before: spendBefore, revenue_before: 300, members: 1 })[2];

  it('says which period had no spend when there is no change to show', () => {
    // Spend in the last 30 days, none in the 30 before: the ROI is known, there is nothing to compare it with.
    expect(roiCard(100, 0)).toEqual({ label: 'ROI', value: '200%', change: null, note: 'No spend in the 30 days before to compare with' });
    expect(roiCard(0, 100)).toEqual({ label: 'ROI', value: '–', change: null, note: 'No spend in the last 30 days' });
    expect(roiCard(0, 0)).toEqual({ label: 'ROI', value: '–', change: null, note: 'No spend in the last 60 days' });
  });

  it('roiNote: nothing to say when both periods had spend', () => {
    expect(roiNote(1, 1)).toBeUndefined();
    expect(roiNote(1, 0)).toBe('No spend in the 30 days before to compare with');
    expect(roiNote(0, 1)).toBe('No spend in the last 30 days');
    expect(roiNote(0, 0)).toBe('No spend in the last 60 days');
  });
});

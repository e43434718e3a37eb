import { describe, expect, it } from 'vitest';
import type { AnalyticsReport, BreakdownRow } from '@/features/analytics/api/report-types';
import { toCsv } from '@/lib/csv-export';
import { reportCsvColumns, reportCsvRows } from './report-csv';

const row = (value: string, extra: Partial<BreakdownRow> = {}): BreakdownRow => ({
  value, visitors: 2, visits: 3, pageviews: 5, bounce_rate: 33, visit_duration: 10, events: 0, conversion_rate: 0, ...extra,
});

const empty = { page: [], entry_page: [], exit_page: [], referrer: [], utm_source: [], utm_medium: [], utm_campaign: [], device: [], browser: [], goal: [] };

const report: AnalyticsReport = {
  totals: { visitors: 4, visits: 6, pageviews: 9, views_per_visit: 1.5, bounce_rate: 50, visit_duration: 30, events: 1 },
  previous: null,
  interval: 'day',
  series: [{ bucket: '2026-03-10T00:00:00+00:00', visitors: 4, visits: 6, pageviews: 9 }],
  previous_series: null,
  breakdowns: { ...empty, page: [row('/pricing')], goal: [row('=HYPERLINK("x")', { events: 1, conversion_rate: 25 })] },
  goal_properties: [],
};

describe('reportCsvRows', () => {
  it('lists the totals, each day, then every top list with the figures that belong to it', () => {
    const csv = toCsv(reportCsvColumns, reportCsvRows(report), { bom: false });
    expect(csv.split('\r\n')).toEqual([
      'Section,Name,Visitors,Visits,Page views,Bounce rate (%),Completions,Conversion rate (%)',
      'Totals,,4,6,9,50,1,',
      'Visitors and page views over time,2026-03-10,4,6,9,,,',
      'Top Pages,/pricing,2,,5,,,',
      'Goals,"\'=HYPERLINK(""x"")",2,,,,1,25',
      '',
    ]);
  });

  it('adds the previous period’s totals and series, and each goal’s properties', () => {
    const compared: AnalyticsReport = {
      ...report,
      previous: { visitors: 2, visits: 2, pageviews: 3, views_per_visit: 1.5, bounce_rate: 100, visit_duration: 0, events: 0 },
      previous_series: [{ bucket: '2026-03-09T00:00:00+00:00', visitors: 2, visits: 2, pageviews: 3 }],
      goal_properties: [{ goal: 'Signup', property: 'plan', value: 'pro', visitors: 3, events: 4, conversion_rate: 75 }],
    };
    expect(toCsv(reportCsvColumns, reportCsvRows(compared), { bom: false }).split('\r\n')).toEqual([
      'Section,Name,Visitors,Visits,Page views,Bounce rate (%),Completions,Conversion rate (%)',
      'Totals,,4,6,9,50,1,',
      'Totals (previous period),,2,2,3,100,0,',
      'Visitors and page views over time,2026-03-10,4,6,9,,,',
      'Previous period over time,2026-03-09,2,2,3,,,',
      'Top Pages,/pricing,2,,5,,,',
      'Goals,"\'=HYPERLINK(""x"")",2,,,,1,25',
      'Goal properties,Signup · plan: pro,3,,,,4,75',
      '',
    ]);
  });
});

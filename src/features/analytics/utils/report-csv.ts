import { analyticsCopy, type BreakdownKey } from '@/config/analytics-copy';
import type { AnalyticsReport, ReportBucket, ReportTotals } from '@/features/analytics/api/report-types';
import type { CsvColumn } from '@/lib/csv-export';
import { bucketLabel } from './report-figures';

/** One line of the export: the totals, a point of the series, or a row of a top list. */
export interface ReportCsvRow {
  section: string;
  name: string;
  visitors: number;
  visits: number | null;
  pageviews: number | null;
  bounceRate: number | null;
  events: number | null;
  conversionRate: number | null;
}

export const reportCsvColumns: readonly CsvColumn<ReportCsvRow>[] = [
  { header: 'Section', value: (row) => row.section },
  { header: 'Name', value: (row) => row.name },
  { header: 'Visitors', value: (row) => row.visitors },
  { header: 'Visits', value: (row) => row.visits },
  { header: 'Page views', value: (row) => row.pageviews },
  { header: 'Bounce rate (%)', value: (row) => row.bounceRate },
  { header: 'Completions', value: (row) => row.events },
  { header: 'Conversion rate (%)', value: (row) => row.conversionRate },
];

const BREAKDOWN_ORDER: BreakdownKey[] = ['page', 'entry_page', 'exit_page', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'device', 'browser', 'goal'];

const totalsRow = (section: string, totals: ReportTotals): ReportCsvRow => ({
  section, name: '', visitors: totals.visitors, visits: totals.visits, pageviews: totals.pageviews, bounceRate: totals.bounce_rate, events: totals.events, conversionRate: null,
});

const seriesRows = (section: string, series: readonly ReportBucket[], interval: AnalyticsReport['interval']): ReportCsvRow[] =>
  series.map((point) => ({
    section, name: bucketLabel(point.bucket, interval), visitors: point.visitors, visits: point.visits, pageviews: point.pageviews, bounceRate: null, events: null, conversionRate: null,
  }));

/**
 * Everything the console shows for a period, as one table: the totals (and the previous period's), the series (and
 * the previous period's), every top list, then each goal's properties ('Signup · plan: pro').
 */
export function reportCsvRows(report: AnalyticsReport): ReportCsvRow[] {
  const { report: copy } = analyticsCopy;
  const rows: ReportCsvRow[] = [totalsRow('Totals', report.totals)];
  if (report.previous) rows.push(totalsRow(copy.previousTotals, report.previous));
  rows.push(...seriesRows(copy.chartTitle, report.series, report.interval));
  if (report.previous_series) rows.push(...seriesRows(copy.previousChart, report.previous_series, report.interval));
  for (const key of BREAKDOWN_ORDER) {
    for (const row of report.breakdowns[key] ?? []) {
      rows.push({
        section: analyticsCopy.breakdowns[key],
        name: row.value,
        visitors: row.visitors,
        visits: key === 'page' || key === 'goal' ? null : row.visits,
        pageviews: key === 'goal' ? null : row.pageviews,
        bounceRate: key === 'page' || key === 'goal' ? null : row.bounce_rate,
        events: key === 'goal' ? row.events : null,
        conversionRate: key === 'goal' ? row.conversion_rate : null,
      });
    }
  }
  for (const row of report.goal_properties ?? []) {
    rows.push({
      section: analyticsCopy.goalProperties.title,
      name: `${row.goal} · ${row.property}: ${row.value}`,
      visitors: row.visitors,
      visits: null,
      pageviews: null,
      bounceRate: null,
      events: row.events,
      conversionRate: row.conversion_rate,
    });
  }
  return rows;
}

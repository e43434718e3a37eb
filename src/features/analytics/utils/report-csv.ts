import { analyticsCopy, type BreakdownKey } from '@/config/analytics-copy';
import type { AnalyticsReport } from '@/features/analytics/api/report-types';
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

/** Everything the console shows for a period, as one table: totals, the series, then every top list. */
export function reportCsvRows(report: AnalyticsReport): ReportCsvRow[] {
  const { totals } = report;
  const rows: ReportCsvRow[] = [
    { section: 'Totals', name: '', visitors: totals.visitors, visits: totals.visits, pageviews: totals.pageviews, bounceRate: totals.bounce_rate, events: totals.events, conversionRate: null },
  ];
  for (const point of report.series) {
    rows.push({ section: analyticsCopy.report.chartTitle, name: bucketLabel(point.bucket, report.interval), visitors: point.visitors, visits: point.visits, pageviews: point.pageviews, bounceRate: null, events: null, conversionRate: null });
  }
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
  return rows;
}

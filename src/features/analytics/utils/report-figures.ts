import type { ChartRow } from '@/components/charts/chart-types';
import { analyticsCopy } from '@/config/analytics-copy';
import type { AnalyticsReport, ReportTotals } from '@/features/analytics/api/report-types';
import { addDays, changePercent, type Period } from '@/lib/periods';

/**
 * The report's "today": the UTC day of `moment`, not the user's local day. Reports count UTC days; west of UTC, the
 * local day lags the UTC day for hours after UTC midnight, and a period ending on the local day would leave the
 * newest events out.
 */
export function reportToday(moment: Date = new Date()): string {
  return moment.toISOString().slice(0, 10);
}

/** A period of UTC days as the report's half-open range of instants: [first day 00:00Z, day after the last 00:00Z). */
export function periodRange(period: Period): { start: string; end: string } {
  return { start: `${period.from}T00:00:00.000Z`, end: `${addDays(period.to, 1)}T00:00:00.000Z` };
}

/** 0 → '0s', 42 → '42s', 222 → '3m 42s', 3725 → '1h 2m'. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole}s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${whole % 60}s`;
  return `${Math.floor(whole / 3600)}h ${Math.floor((whole % 3600) / 60)}m`;
}

/** '+12.5%', '-3%', 'new' (nothing before to compare with), '—' (no previous period asked for). */
export function changeText(current: number, previous: number | undefined): string {
  if (previous === undefined) return analyticsCopy.report.noChange;
  const change = changePercent(current, previous);
  if (change === null) return current > 0 ? analyticsCopy.report.newFigure : analyticsCopy.report.noChange;
  const rounded = Math.round(change * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

export interface MetricCard {
  key: keyof ReportTotals;
  label: string;
  value: string;
  change: string;
  lowerIsBetter?: boolean;
}

const number = (value: number) => value.toLocaleString('en-US');

/** The five headline figures with their change against the previous period. */
export function metricCards(report: Pick<AnalyticsReport, 'totals' | 'previous'>): MetricCard[] {
  const { totals, previous } = report;
  const card = (key: keyof ReportTotals, label: string, value: string, lowerIsBetter = false): MetricCard => ({
    key,
    label,
    value,
    change: changeText(totals[key], previous?.[key]),
    lowerIsBetter,
  });
  return [
    card('visitors', analyticsCopy.metrics.visitors, number(totals.visitors)),
    card('pageviews', analyticsCopy.metrics.pageviews, number(totals.pageviews)),
    card('views_per_visit', analyticsCopy.metrics.viewsPerVisit, totals.views_per_visit.toFixed(2)),
    card('bounce_rate', analyticsCopy.metrics.bounceRate, `${totals.bounce_rate}%`, true),
    card('visit_duration', analyticsCopy.metrics.visitDuration, formatDuration(totals.visit_duration)),
  ];
}

/** The x value of a chart bucket: the UTC day ('2026-03-10') or the UTC hour ('2026-03-10 14:00'). */
export function bucketLabel(bucket: string, interval: AnalyticsReport['interval']): string {
  const iso = new Date(bucket).toISOString();
  return interval === 'day' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/**
 * The chart's rows: each bucket of the period with its visitors and page views, and (with a comparison range) the
 * visitors of the comparison's bucket at the same position (its nth hour or day) as `previousVisitors`.
 */
export function chartRows(report: Pick<AnalyticsReport, 'series' | 'previous_series' | 'interval'>): ChartRow[] {
  const previous = report.previous_series;
  return report.series.map((point, index) => ({
    bucket: bucketLabel(point.bucket, report.interval),
    visitors: point.visitors,
    pageviews: point.pageviews,
    ...(previous ? { previousVisitors: previous[index]?.visitors ?? 0 } : {}),
  }));
}

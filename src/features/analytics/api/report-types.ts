import type { BreakdownKey } from '@/config/analytics-copy';

/** What analytics_report returns (supabase/migrations/20261123080500_create_analytics_report_rpcs.sql). */
export interface ReportTotals {
  visitors: number;
  visits: number;
  pageviews: number;
  views_per_visit: number;
  bounce_rate: number;
  visit_duration: number;
  events: number;
}

export interface ReportBucket {
  bucket: string;
  visitors: number;
  visits: number;
  pageviews: number;
}

export interface BreakdownRow {
  value: string;
  visitors: number;
  visits: number;
  pageviews: number;
  bounce_rate: number;
  visit_duration: number;
  events: number;
  conversion_rate: number;
}

export interface AnalyticsReport {
  totals: ReportTotals;
  previous: ReportTotals | null;
  interval: 'hour' | 'day';
  series: ReportBucket[];
  breakdowns: Record<BreakdownKey, BreakdownRow[]>;
}

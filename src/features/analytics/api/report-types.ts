import type { BreakdownKey } from '@/config/analytics-copy';

/** What analytics_report returns (supabase/migrations/20261123080500_create_analytics_report_rpcs.sql, 20261127030300). */
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

/** One value of a goal's property (`track('Signup', { plan: 'pro' })`): 'Signup', 'plan', 'pro'. */
export interface GoalPropertyRow {
  goal: string;
  property: string;
  value: string;
  visitors: number;
  events: number;
  conversion_rate: number;
}

export interface AnalyticsReport {
  totals: ReportTotals;
  previous: ReportTotals | null;
  interval: 'hour' | 'day';
  series: ReportBucket[];
  /** The comparison range in the same buckets (20261127030300), null without one. */
  previous_series: ReportBucket[] | null;
  breakdowns: Record<BreakdownKey, BreakdownRow[]>;
  /** By goal, then property; each property's most completed values, '(other)' last. */
  goal_properties: GoalPropertyRow[];
}

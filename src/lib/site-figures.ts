import { addDays, localDay, periodLength, type Period } from '@/lib/periods';

/** One period of a workspace's measured websites (public.workspace_site_figures). */
export interface SiteFigures {
  visitors: number;
  pageviews: number;
  /** Visitors who completed any goal. */
  conversions: number;
  /** conversions ÷ visitors in %, null without visitors. */
  conversionRate: number | null;
}

export interface WorkspaceSiteFigures {
  /** How many sites the workspace measures: 0 means no source, so a dashboard keeps its marked sample figure. */
  sites: number;
  current: SiteFigures;
  previous: SiteFigures;
}

export interface FigureRow {
  period: string;
  sites: number;
  visitors: number;
  pageviews: number;
  conversions: number;
}

/** The function's two rows as figures with their conversion rates. */
export function toSiteFigures(rows: readonly FigureRow[]): WorkspaceSiteFigures {
  const of = (period: string): SiteFigures => {
    const row = rows.find((entry) => entry.period === period);
    const visitors = Number(row?.visitors ?? 0);
    const conversions = Number(row?.conversions ?? 0);
    return { visitors, pageviews: Number(row?.pageviews ?? 0), conversions, conversionRate: visitors > 0 ? (conversions * 100) / visitors : null };
  };
  return { sites: rows[0]?.sites ?? 0, current: of('current'), previous: of('previous') };
}

/**
 * The UTC days workspace_site_figures should count for a period of the user's local days. A period that ends today
 * (the dashboards' "last 30 days") ends on the UTC day of `now` instead, keeping its length: west of UTC the local day
 * lags for hours after UTC midnight, and those hours' visits would be left out; east of UTC the local day runs ahead
 * into a UTC day that has not begun. A period of past days is counted as the same calendar days in UTC.
 */
export function siteFigureDays(period: Period, now: Date = new Date()): Period {
  if (period.to !== localDay(now)) return period;
  const to = now.toISOString().slice(0, 10);
  return { from: addDays(to, 1 - periodLength(period)), to };
}

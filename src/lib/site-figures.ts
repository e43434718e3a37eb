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

import { formatChange, formatDollars, formatPointChange, formatRate, ratio } from '@/lib/figures';
import { formatMultipleROI } from '@/features/dashboard/utils/roi';
import { overviewCopy } from '@/config/overview-copy';
import type { WorkspaceSiteFigures } from '@/lib/site-figures';

/** platform_overview(): the month so far and the same days of the month before. */
export interface PlatformFigures {
  campaigns: number;
  campaigns_last_month: number;
  clicks: number;
  conversions: number;
  revenue: number;
  clicks_last_month: number;
  conversions_last_month: number;
  revenue_last_month: number;
  active_users: number;
  active_users_before: number;
}

/** executive_overview(): active campaigns' budget, the last 30 days and the 30 before, the team's size. */
export interface ExecutiveFigures {
  total_budget: number;
  active_campaigns: number;
  spend: number;
  revenue: number;
  spend_before: number;
  revenue_before: number;
  members: number;
}

export interface OverviewStat {
  label: string;
  value: string;
  change: string | null;
  note?: string;
  /** Text after the change when it is not 'from last month'. */
  period?: string;
}

/**
 * /dashboard's four cards (spec §2) from the workspace: Total Campaigns, Conversion Rate (conversions ÷ clicks),
 * Active Users (current members active in the last 30 days), Revenue; each with its month-over-month change: the month
 * so far against the same days of the month before (Active Users: against the same figure a month earlier).
 */
export function platformStats(figures: PlatformFigures): OverviewStat[] {
  const rate = ratio(figures.conversions, figures.clicks);
  const rateBefore = ratio(figures.conversions_last_month, figures.clicks_last_month);
  return [
    { label: 'Total Campaigns', value: figures.campaigns.toLocaleString('en-US'), change: formatChange(figures.campaigns, figures.campaigns_last_month) },
    { label: 'Conversion Rate', value: formatRate(rate), change: formatPointChange(rate, rateBefore) },
    { label: 'Active Users', value: figures.active_users.toLocaleString('en-US'), change: formatChange(figures.active_users, figures.active_users_before) },
    { label: 'Revenue', value: formatDollars(figures.revenue), change: formatChange(figures.revenue, figures.revenue_last_month) },
  ];
}

/**
 * The Conversion Rate card's source: the workspace's measured websites when it measures one (visitors who completed a
 * goal ÷ visitors, the last 30 days against the 30 before, from workspace_site_figures); else the campaigns' figure
 * stays (conversions ÷ clicks, month over month). Figures not yet loaded or failed keep the campaigns' figure.
 */
export function withWebsiteConversionRate(stats: readonly OverviewStat[], site: WorkspaceSiteFigures | null | undefined): OverviewStat[] {
  if (!site || site.sites === 0) return [...stats];
  const rate = ratio(site.current.conversions, site.current.visitors);
  const before = ratio(site.previous.conversions, site.previous.visitors);
  const card: OverviewStat = {
    label: 'Conversion Rate',
    value: formatRate(rate),
    change: formatPointChange(rate, before),
    note: overviewCopy.websiteConversionNote,
    period: overviewCopy.websiteConversionPeriod,
  };
  return stats.map((stat) => (stat.label === card.label ? card : stat));
}

/** ROI = (revenue − spend) ÷ spend; null without spend. */
export function roi(revenue: number, spend: number): number | null {
  const gain = ratio(revenue - spend, spend);
  return gain;
}

/**
 * Why the ROI card shows no change: which of the two periods had no spend (ROI needs spend in both); undefined when
 * both had some and the change is shown.
 */
export function roiNote(spend: number, spendBefore: number): string | undefined {
  if (spend === 0 && spendBefore === 0) return overviewCopy.roiNoSpend60;
  if (spend === 0) return overviewCopy.roiNoSpend30;
  if (spendBefore === 0) return overviewCopy.roiNoSpendBefore;
  return undefined;
}

/** Executive Overview's real cards: Total Budget and Active Campaigns (now), ROI of the last 30 days and its change. */
export function executiveStats(figures: ExecutiveFigures): OverviewStat[] {
  const current = roi(figures.revenue, figures.spend);
  const before = roi(figures.revenue_before, figures.spend_before);
  const change = formatPointChange(current, before);
  return [
    { label: 'Total Budget', value: formatDollars(figures.total_budget), change: null, note: 'Active campaigns' },
    { label: 'Active Campaigns', value: figures.active_campaigns.toLocaleString('en-US'), change: null, note: 'Right now' },
    {
      label: 'ROI',
      value: formatMultipleROI(current),
      change,
      ...(change === null ? { note: roiNote(figures.spend, figures.spend_before) } : { period: overviewCopy.roiPeriod }),
    },
  ];
}

import type { ResultTotals } from '@/features/campaigns/api/results-figures';
import { resultsCopy } from '@/config/results-copy';
import { formatChange, formatCount, formatDollars, formatPointChange, formatRate, ratio } from '@/lib/figures';

export interface AdvertisingStat {
  key: 'spend' | 'impressions' | 'ctr' | 'roas';
  label: string;
  value: string;
  change: string | null;
}

/** 4.2 → '4.2x'; null → '–'. */
export function formatMultiple(value: number | null): string {
  return value === null ? '–' : `${(Math.round(value * 10) / 10).toLocaleString('en-US')}x`;
}

/** '+0.3x' between two multiples; null when either is unknown. */
export function formatMultipleChange(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null) return null;
  const difference = Math.round((current - previous) * 10) / 10;
  return `${difference >= 0 ? '+' : ''}${difference.toLocaleString('en-US')}x`;
}

/**
 * The Advertising Overview from a period's totals and the period before: spend and impressions with their change in
 * %, click-through rate (clicks ÷ impressions) with its change in points, return on ad spend (revenue ÷ spend) with
 * its change as a multiple. A rate without a denominator is unknown ('–'), never 0.
 */
export function advertisingStats(current: ResultTotals, previous: ResultTotals): AdvertisingStat[] {
  const ctr = ratio(current.clicks, current.impressions);
  const ctrBefore = ratio(previous.clicks, previous.impressions);
  const roas = ratio(current.revenue, current.spend);
  const roasBefore = ratio(previous.revenue, previous.spend);
  return [
    { key: 'spend', label: resultsCopy.stats.spend, value: formatDollars(current.spend), change: formatChange(current.spend, previous.spend) },
    { key: 'impressions', label: resultsCopy.stats.impressions, value: formatCount(current.impressions), change: formatChange(current.impressions, previous.impressions) },
    { key: 'ctr', label: resultsCopy.stats.ctr, value: formatRate(ctr, 1), change: formatPointChange(ctr, ctrBefore) },
    { key: 'roas', label: resultsCopy.stats.roas, value: formatMultiple(roas), change: formatMultipleChange(roas, roasBefore) },
  ];
}

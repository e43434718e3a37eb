import { changePercent } from '@/lib/periods';

/**
 * How the dashboards write real figures: the change between two periods, rates that may have no denominator, and
 * compact counts. Pure; the figures themselves come from the database (security invoker functions).
 */

/** a ÷ b, or null when b is 0 (a rate of nothing is unknown, not 0 %). */
export function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/** '+12.5%', '-3%', '+0%'; null when there is nothing to compare with (see changePercent). */
export function formatChange(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null) return null;
  const percent = changePercent(current, previous);
  if (percent === null) return null;
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded >= 0 ? '+' : ''}${rounded.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** The change of a rate in percentage points: '+0.4 pts'; null when either rate is unknown. */
export function formatPointChange(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null) return null;
  const points = Math.round((current - previous) * 1000) / 10;
  return `${points >= 0 ? '+' : ''}${points.toLocaleString('en-US', { maximumFractionDigits: 1 })} pts`;
}

/** 0.0324 → '3.24%'; null → '–' (no data). */
export function formatRate(rate: number | null, digits = 2): string {
  return rate === null ? '–' : `${(rate * 100).toFixed(digits)}%`;
}

/** 1234 → '1,234'; 1,234,567 → '1.2M'; 12,345 → '12.3K'. */
export function formatCount(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${(Math.round(value / 100_000) / 10).toLocaleString('en-US')}M`;
  if (Math.abs(value) >= 10_000) return `${(Math.round(value / 100) / 10).toLocaleString('en-US')}K`;
  return value.toLocaleString('en-US');
}

/** Whole US dollars for headline figures: '$12,450'. */
export function formatDollars(value: number): string {
  return value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
}

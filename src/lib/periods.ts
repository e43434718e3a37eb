/**
 * Reporting periods as calendar days (`YYYY-MM-DD`, both ends included), the way dashboards compare them:
 * the last 7/30/90 days, a custom range, the period just before (same length), a calendar month and the one before,
 * the month so far and the same days of the month before, the change between two figures in %, and a day-by-day
 * series with the empty days filled in.
 *
 * Days are computed in UTC on purpose: a day string names a calendar day, and UTC arithmetic never meets a
 * daylight-saving gap. `today` is always passed in (the caller's local day, see `localDay`), so every function is pure.
 */

export interface Period {
  /** First day, included. */
  from: string;
  /** Last day, included. */
  to: string;
}

export const PERIOD_PRESETS = [7, 30, 90] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The longest custom period a dashboard accepts (two years and a leap day). */
export const MAX_PERIOD_DAYS = 731;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at 00:00 UTC of a day string, or null when it is not a real calendar day. */
export function dayValue(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = Date.UTC(year, month - 1, date);
  const check = new Date(value);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return value;
}

function toDay(value: number): string {
  return new Date(value).toISOString().slice(0, 10);
}

function valueOf(day: string): number {
  const value = dayValue(day);
  if (value === null) throw new RangeError(`Not a calendar day: ${day}`);
  return value;
}

/** The day `count` days after `day` (before when negative). */
export function addDays(day: string, count: number): string {
  return toDay(valueOf(day) + count * DAY_MS);
}

/** The local calendar day of a moment (the user's "today"). */
export function localDay(moment: Date = new Date()): string {
  const month = String(moment.getMonth() + 1).padStart(2, '0');
  const date = String(moment.getDate()).padStart(2, '0');
  return `${moment.getFullYear()}-${month}-${date}`;
}

/** How many days a period covers, both ends included. */
export function periodLength(period: Period): number {
  return Math.round((valueOf(period.to) - valueOf(period.from)) / DAY_MS) + 1;
}

/** The last `days` days ending with `today` (today included). */
export function presetPeriod(days: number, today: string): Period {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriod(period: Period): Period {
  const length = periodLength(period);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** The calendar month that contains `day`. */
export function monthPeriod(day: string): Period {
  const start = new Date(valueOf(day));
  const from = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1);
  const to = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0);
  return { from: toDay(from), to: toDay(to) };
}

/** The calendar month before the one that contains `day`. */
export function previousMonth(day: string): Period {
  return monthPeriod(addDays(monthPeriod(day).from, -1));
}

/** The month so far: its first day to `today`. */
export function monthToDate(today: string): Period {
  return { from: monthPeriod(today).from, to: today };
}

/**
 * What `monthToDate(today)` is compared with: the same days of the month before, its 1st to the same day of the
 * month, cut at that month's last day (the 31st of March → 1–28 February; the 1st → the 1st alone).
 */
export function sameDaysOfPreviousMonth(today: string): Period {
  const previous = previousMonth(today);
  const day = Math.min(Number(today.slice(8)), Number(previous.to.slice(8)));
  return { from: previous.from, to: `${previous.from.slice(0, 8)}${String(day).padStart(2, '0')}` };
}

/**
 * The user's midnight at the start of `day` (local time), as an ISO timestamp: the boundary for rows that carry a
 * moment (published_at, planned_publish_at, created_at) rather than a day. Depends on the time zone, like `localDay`.
 */
export function startOfLocalDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  valueOf(day);
  return new Date(year, month - 1, date).toISOString();
}

/** Every day of a period, in order. */
export function periodDays(period: Period): string[] {
  const days: string[] = [];
  for (let value = valueOf(period.from), last = valueOf(period.to); value <= last; value += DAY_MS) days.push(toDay(value));
  return days;
}

export type CustomPeriodError = 'invalid-from' | 'invalid-to' | 'reversed' | 'too-long';

/** A custom range typed by the user, checked: real days, from ≤ to, at most MAX_PERIOD_DAYS long. */
export function parseCustomPeriod(from: string, to: string): { period: Period } | { error: CustomPeriodError } {
  const fromValue = dayValue(from);
  if (fromValue === null) return { error: 'invalid-from' };
  const toValue = dayValue(to);
  if (toValue === null) return { error: 'invalid-to' };
  if (fromValue > toValue) return { error: 'reversed' };
  if ((toValue - fromValue) / DAY_MS + 1 > MAX_PERIOD_DAYS) return { error: 'too-long' };
  return { period: { from, to } };
}

/**
 * The change from `previous` to `current` in %, or null when there is nothing to compare with (previous is 0 or
 * unknown): a rise from nothing is not "+∞ %", it is "new".
 */
export function changePercent(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0 || !Number.isFinite(previous) || !Number.isFinite(current)) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/**
 * One entry per day of `period`, in order: the row for that day when there is one, otherwise a row whose `keys` are 0.
 * Rows outside the period are left out; two rows of the same day are summed.
 */
export function fillEmptyDays<K extends string>(
  rows: readonly ({ day: string } & Record<K, number>)[],
  period: Period,
  keys: readonly K[],
): ({ day: string } & Record<K, number>)[] {
  const byDay = new Map<string, Record<K, number>>();
  for (const row of rows) {
    const sum = byDay.get(row.day) ?? (Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>);
    for (const key of keys) sum[key] += Number(row[key]) || 0;
    byDay.set(row.day, sum);
  }
  return periodDays(period).map((day) => ({
    day,
    ...(byDay.get(day) ?? (Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>)),
  }));
}

/** What a period picker holds: one of the presets, or a custom range already checked by parseCustomPeriod. */
export type PeriodChoice = { kind: 'preset'; days: PeriodPreset } | { kind: 'custom'; period: Period };

/** The days a choice covers on `today`. */
export function resolvePeriod(choice: PeriodChoice, today: string): Period {
  return choice.kind === 'preset' ? presetPeriod(choice.days, today) : choice.period;
}

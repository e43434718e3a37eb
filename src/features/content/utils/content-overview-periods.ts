import { addDays, monthToDate, sameDaysOfPreviousMonth, startOfLocalDay } from '@/lib/periods';

/**
 * content_overview()'s boundaries in the user's own days (local midnights, as moments): the month so far against the
 * same days of the month before, and the 7 days from today (today included). Overdue is what is planned before `now`,
 * as the Editorial Calendar marks it.
 */
export function contentOverviewBoundaries(today: string, now: Date) {
  const previous = sameDaysOfPreviousMonth(today);
  return {
    as_of: now.toISOString(),
    month_starts_at: startOfLocalDay(monthToDate(today).from),
    previous_month_starts_at: startOfLocalDay(previous.from),
    previous_month_ends_at: startOfLocalDay(addDays(previous.to, 1)),
    week_ends_at: startOfLocalDay(addDays(today, 7)),
  };
}

import { addDays, dayValue } from '@/lib/periods';
import { wallClockOf } from '@/lib/zoned-time';

/**
 * The editorial calendar's date logic, pure: the weeks of a month view, items by the workspace's day (its time zone,
 * not the browser's), moving an item to another day at the same time of day, overdue items, the agenda's days, and the items a month cell shows (the
 * datetime-local field of the content dialog: `src/lib/datetime-local.ts`).
 */

export interface ScheduledItem {
  id: string;
  title: string;
  status: string;
  planned_publish_at: string | null;
  /** Scheduled to publish: the job runner publishes it at planned_publish_at (otherwise the date is only a plan). */
  publish_on_schedule?: boolean;
}

/**
 * How long past its moment a scheduled item may still be on its way (the worker publishes within seconds; this covers
 * a worker restarting) before the calendar calls it overdue: then no worker is publishing it.
 */
export const PUBLISHING_GRACE_MS = 5 * 60_000;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The local calendar day (YYYY-MM-DD) of a timestamp. */
export function localDayOf(timestamp: string): string {
  const date = new Date(timestamp);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM' of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The month after (+1) or before (-1). */
export function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + by, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

/** The weeks (Monday first) that show a month: whole weeks, days of the months around it included. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const weekday = (new Date(dayValue(first)!).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  let day = addDays(first, -weekday);
  const weeks: string[][] = [];
  do {
    const week: string[] = [];
    for (let index = 0; index < 7; index++) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  } while (monthOf(day) === month);
  return weeks;
}

/**
 * The calendar day (YYYY-MM-DD) a timestamp falls on in the workspace's time zone: the calendar's days are the
 * workspace's, whatever zone the browser is in (a post at 23:30 workspace time stays on its day for a member three
 * hours ahead).
 */
export function calendarDayOf(timestamp: string, timeZone: string): string {
  return wallClockOf(timestamp, timeZone).day;
}

/** Items grouped by the day they are planned for in the workspace's time zone, each day's items by time. */
export function itemsByDay<T extends ScheduledItem>(items: readonly T[], timeZone: string): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  const sorted = [...items].filter((item) => item.planned_publish_at).sort((a, b) => Date.parse(a.planned_publish_at!) - Date.parse(b.planned_publish_at!));
  for (const item of sorted) {
    const day = calendarDayOf(item.planned_publish_at!, timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  return byDay;
}

/** The same local time of day on another local day, as an ISO timestamp. */
export function moveToDay(timestamp: string, day: string): string {
  const date = new Date(timestamp);
  const [year, month, date_] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date_, date.getHours(), date.getMinutes(), date.getSeconds()).toISOString();
}

/**
 * Where an item stands on the calendar: 'published' (or archived: 'done'); 'scheduled' (will publish itself at its
 * moment); 'publishing' (scheduled, its moment just passed: the worker is at it); 'overdue' (its moment passed and
 * nothing published it); 'planned' (a date only).
 */
export type ScheduleState = 'published' | 'done' | 'scheduled' | 'publishing' | 'overdue' | 'planned';

export function scheduleState(item: ScheduledItem, now: Date): ScheduleState {
  if (item.status === 'published') return 'published';
  if (item.status === 'archived') return 'done';
  const past = item.planned_publish_at !== null ? now.getTime() - Date.parse(item.planned_publish_at) : -1;
  if (item.publish_on_schedule) {
    if (past < 0) return 'scheduled';
    if (past <= PUBLISHING_GRACE_MS) return 'publishing';
  }
  return past > 0 ? 'overdue' : 'planned';
}

/** Planned before now and still not published (nor archived), and not a scheduled item on its way. */
export function isOverdue(item: ScheduledItem, now: Date): boolean {
  return scheduleState(item, now) === 'overdue';
}

/**
 * When the calendar should look again so a scheduled item shows published: a few seconds after the next scheduled
 * moment (or now, for one publishing), within the next minute; false when nothing scheduled is near.
 */
export function nextScheduleRefreshMs(items: readonly ScheduledItem[], now: Date): number | false {
  let soonest = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const state = scheduleState(item, now);
    if (state === 'publishing') soonest = Math.min(soonest, 0);
    else if (state === 'scheduled') soonest = Math.min(soonest, Date.parse(item.planned_publish_at!) - now.getTime());
  }
  if (soonest > 60_000) return false;
  return Math.max(3_000, soonest + 3_000);
}

/**
 * The agenda: the days before `today` with only their overdue items (days with none left out), then every day from
 * `today` through the next `length` days (today included) with all their items; days in order, later days left out.
 */
export function agendaDays<T extends ScheduledItem>(byDay: ReadonlyMap<string, T[]>, today: string, now: Date, length: number): [string, T[]][] {
  const last = addDays(today, length - 1);
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, items]): [string, T[]] => [day, day < today ? items.filter((item) => isOverdue(item, now)) : items])
    .filter(([day, items]) => items.length > 0 && day <= last);
}

/**
 * The items a month cell shows: the first `limit` by time, but always the one keyboard focus is following
 * (`keep`), which takes the last place when it would be hidden, so a moved item never vanishes under "+n more".
 */
export function shownItems<T extends { id: string }>(items: readonly T[], limit: number, keep: string | null): T[] {
  const first = items.slice(0, limit);
  const kept = keep === null ? undefined : items.find((item) => item.id === keep);
  if (!kept || first.includes(kept)) return first;
  return [...first.slice(0, limit - 1), kept];
}

/** An item moved with the keyboard and the day it went to: there it takes the focus again (it is a new element). */
export interface FocusRequest {
  id: string;
  day: string;
}

/** Whether focus follows this item: the moved one, in its new day of the workspace's zone (not the element of the day it left). */
export function isFocusTarget(request: FocusRequest | null, item: ScheduledItem, timeZone: string): boolean {
  return request !== null && request.id === item.id && item.planned_publish_at !== null && calendarDayOf(item.planned_publish_at, timeZone) === request.day;
}

/**
 * Schedule Publishing's check of its moment: an ISO timestamp from the start of the current minute on (the field has
 * minute precision, so "now" is allowed); earlier would publish at once.
 */
export function isSchedulableMoment(timestamp: string, now: Date): boolean {
  const minute = new Date(now);
  minute.setSeconds(0, 0);
  return Date.parse(timestamp) >= minute.getTime();
}

/**
 * Why an item may not be moved to `moment` on the calendar, or null when it may: a scheduled item (it publishes itself)
 * moved before the current minute would be published at once — the database refuses that too. Planned dates of items
 * that are not scheduled are plans, and may move anywhere.
 */
export function moveRefusal(item: ScheduledItem, moment: string, now: Date): 'scheduled-into-past' | null {
  if (!item.publish_on_schedule || item.status === 'published' || item.status === 'archived') return null;
  return isSchedulableMoment(moment, now) ? null : 'scheduled-into-past';
}

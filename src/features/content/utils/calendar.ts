import { addDays, dayValue } from '@/lib/periods';

/**
 * The editorial calendar's date logic, pure: the weeks of a month view, items by local day, moving an item to
 * another day at the same time of day, overdue items, and the datetime-local field of the content dialog.
 */

export interface ScheduledItem {
  id: string;
  title: string;
  status: string;
  planned_publish_at: string | null;
}

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

/** Items grouped by the local day they are planned for, each day's items by time. */
export function itemsByDay<T extends ScheduledItem>(items: readonly T[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  const sorted = [...items].filter((item) => item.planned_publish_at).sort((a, b) => Date.parse(a.planned_publish_at!) - Date.parse(b.planned_publish_at!));
  for (const item of sorted) {
    const day = localDayOf(item.planned_publish_at!);
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

/** Planned before now and still not published (nor archived). */
export function isOverdue(item: ScheduledItem, now: Date): boolean {
  return item.planned_publish_at !== null && Date.parse(item.planned_publish_at) < now.getTime() && item.status !== 'published' && item.status !== 'archived';
}

/** A stored timestamp → the value of an <input type="datetime-local"> (local time, minutes); null → ''. */
export function toDateTimeInput(timestamp: string | null): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  return `${localDayOf(timestamp)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The value of a datetime-local input → an ISO timestamp; '' → null; anything unreadable → undefined. */
export function fromDateTimeInput(text: string): string | null | undefined {
  if (text.trim() === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match || dayValue(`${match[1]}-${match[2]}-${match[3]}`) === null) return undefined;
  const [, year, month, day, hours, minutes] = match.map(Number) as number[];
  if (hours! > 23 || minutes! > 59 || year! < 2000 || year! > 2099) return undefined;
  return new Date(year!, month! - 1, day, hours, minutes).toISOString();
}

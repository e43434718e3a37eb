import { dayValue, localDay } from '@/lib/periods';

/**
 * The value of an <input type="datetime-local"> (the browser's local time, minute precision) and back, pure: the
 * Content Hub's dialogs and the Social Hub's composer ("Next free slot") fill and read such fields.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** A stored timestamp → the value of an <input type="datetime-local"> (local time, minutes); null → ''. */
export function toDateTimeInput(timestamp: string | null): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
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

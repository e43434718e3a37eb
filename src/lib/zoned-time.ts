/**
 * Wall-clock time in a named IANA zone (the workspace's), with the browser's Intl only: the day and time a moment
 * shows there, and the moment a day and time there means. DST: a time skipped by the clocks going forward (02:30 on
 * the spring change day in Europe/Berlin) means the moment the same length of time after the change (03:30, as
 * Temporal's "compatible"); a time that happens twice when they go back means the first of the two.
 */

export interface WallClock {
  /** 'YYYY-MM-DD' */
  day: string;
  /** 'HH:MM' */
  time: string;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, as the UTC milliseconds of the same digits. */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

/** How far the zone's clock is ahead of UTC at an instant (ms; seconds of the instant ignored). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The day, time and weekday a moment shows in a zone. */
export function wallClockOf(moment: Date | string, timeZone: string): WallClock {
  const shown = new Date(wallClockMs(new Date(moment).getTime(), timeZone));
  return {
    day: `${shown.getUTCFullYear()}-${pad(shown.getUTCMonth() + 1)}-${pad(shown.getUTCDate())}`,
    time: `${pad(shown.getUTCHours())}:${pad(shown.getUTCMinutes())}`,
    weekday: ((shown.getUTCDay() + 6) % 7) + 1,
  };
}

/** The moment a day ('YYYY-MM-DD') and time ('HH:MM', seconds ignored) in a zone mean (DST as above). */
export function momentAt(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const digits = Date.UTC(year, month - 1, date, hours, minutes);
  // At most one change of offset within a day either side: try the offset before it and the one after.
  const before = digits - offsetAt(digits - 86_400_000, timeZone);
  const after = digits - offsetAt(digits + 86_400_000, timeZone);
  const fits = (instant: number) => wallClockMs(instant, timeZone) === digits;
  if (fits(before) && fits(after)) return new Date(Math.min(before, after));
  if (fits(before)) return new Date(before);
  if (fits(after)) return new Date(after);
  // Skipped by the clocks going forward: the offset before the change puts it as far after the change.
  return new Date(before);
}

/** The same wall-clock time of day in the zone on another day (a calendar move). */
export function moveToZonedDay(moment: string, day: string, timeZone: string): string {
  return momentAt(day, wallClockOf(moment, timeZone).time, timeZone).toISOString();
}


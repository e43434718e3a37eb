/** A Date as an `<input type="datetime-local">` value in the browser's time zone ("2026-11-27T21:45"). */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What is wrong with a chosen moment (the database's own bounds: from now to a year ahead), or null. */
export function scheduleError(value: string, now: Date): string | null {
  const moment = new Date(value);
  if (!value || Number.isNaN(moment.getTime())) return 'Choose a date and a time';
  if (moment.getTime() < now.getTime() - 60_000) return 'Choose a moment in the future';
  if (moment.getTime() > now.getTime() + 365 * 24 * 3600 * 1000) return 'Choose a moment within a year';
  return null;
}

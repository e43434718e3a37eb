/** Display helpers shared by the module pages. `locale` defaults to the browser's. */

/**
 * The first `max` characters of a text, with '...' when it was longer. Counts characters, not UTF-16 units,
 * so an emoji is never cut in half; trailing spaces before the ellipsis are dropped. null/undefined → ''.
 */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, max).join('').trimEnd()}...`;
}

/** A timestamp (ISO 8601 from the API) as a local date. */
export function formatDate(timestamp: string, locale?: string): string {
  return new Date(timestamp).toLocaleDateString(locale);
}

/** A timestamp as a local date and time. */
export function formatDateTime(timestamp: string, locale?: string, timeZone?: string): string {
  return new Date(timestamp).toLocaleString(locale, timeZone ? { timeZone } : undefined);
}

/**
 * A calendar date (`YYYY-MM-DD`, PostgreSQL `date`) as a local date. Parsed as a local day: `new Date('2026-06-01')`
 * would be midnight UTC, i.e. May 31 west of Greenwich.
 */
export function formatDay(day: string, locale?: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).toLocaleDateString(locale);
}

/** An amount in US dollars, with cents. */
export function formatMoney(amount: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(amount);
}

import { dayValue } from '@/lib/periods';

/**
 * How ad platforms write figures and days in their CSV exports, read into numbers and ISO days. Pure; the sources of
 * each format are in tests/fixtures/ad-exports/README.md.
 *   Figures: '1234', '1,234', '1 234', '4,838.80' (Google Ads groups thousands and quotes the cell), '$1,234.50',
 *     '1234.50 USD', and '--' for "no data" (Google Ads writes ' --').
 *   Days: '2026-03-01' (Google Ads, Meta), '2026/03/01', '3/1/2026' (LinkedIn, month first), '01/03/2026' (day first,
 *     read from the whole file: inferDayOrder), '01.03.2026' (day first), 'Mar 1, 2026', 'Sun, Mar 1, 2026',
 *     '1 March 2026'.
 */

/** Cells that mean "nothing here": Google Ads writes ' --' where a figure does not apply. */
const NO_DATA = new Set(['', '-', '--', '—', '–']);

/** A figure of 0 or more in US dollars or a count; null for anything else (text, two decimal points, a sign). */
export function parseFigure(text: string): number | null {
  const trimmed = text.trim();
  if (NO_DATA.has(trimmed)) return 0;
  const cleaned = trimmed
    .replace(/^(US\$|\$|USD)\s*/i, '')
    .replace(/\s*(USD|\$)$/i, '')
    .replace(/[\s\u00a0]/g, '');
  const plain = /^\d+(\.\d+)?$/.test(cleaned);
  const grouped = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(cleaned);
  if (!plain && !grouped) return null;
  return Number(cleaned.replaceAll(',', ''));
}

const CURRENCY_SIGNS = /[€£¥₹₩₽₺]/;
const CURRENCY_CODE = /^([A-Z]{3})\s*[\d.,]|[\d.,]\s*([A-Z]{3})$/;

/** The currency a figure is written in when it is not the US dollar ('€12.50' → '€', '12.50 EUR' → 'EUR'); else null. */
export function foreignCurrency(text: string): string | null {
  const trimmed = text.trim();
  const sign = CURRENCY_SIGNS.exec(trimmed)?.[0];
  if (sign) return sign;
  const code = CURRENCY_CODE.exec(trimmed);
  const found = code?.[1] ?? code?.[2] ?? null;
  return found === null || found === 'USD' ? null : found;
}

/** Which number of a day written with slashes (3/4/2026) is the month. */
export type DayOrder = 'month-first' | 'day-first';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const ISO = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const SLASHES = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DOTS = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const MONTH_FIRST = /^([a-z]+)\.? (\d{1,2}),? (\d{4})$/i;
const DAY_FIRST = /^(\d{1,2}) ([a-z]+)\.?,? (\d{4})$/i;
const WEEKDAY = /^[a-z]+\.?, (?=[a-z]+\.? \d|\d)/i;

function monthNumber(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index === -1 || name.length < 3 ? null : index + 1;
}

function isoDay(year: string, month: number, day: number): string | null {
  const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return dayValue(text) === null ? null : text;
}

/** The day a cell names, as YYYY-MM-DD; null when it is not a calendar day in a known format. */
export function parseReportDay(text: string, order: DayOrder = 'month-first'): string | null {
  const trimmed = text.trim().replace(WEEKDAY, '');
  const iso = ISO.exec(trimmed);
  if (iso) return isoDay(iso[1]!, Number(iso[2]), Number(iso[3]));
  const slashes = SLASHES.exec(trimmed);
  if (slashes) {
    const [first, second] = [Number(slashes[1]), Number(slashes[2])];
    return order === 'month-first' ? isoDay(slashes[3]!, first, second) : isoDay(slashes[3]!, second, first);
  }
  const dots = DOTS.exec(trimmed);
  if (dots) return isoDay(dots[3]!, Number(dots[2]), Number(dots[1]));
  const named = MONTH_FIRST.exec(trimmed);
  if (named) {
    const month = monthNumber(named[1]!);
    return month === null ? null : isoDay(named[3]!, month, Number(named[2]));
  }
  const dayFirst = DAY_FIRST.exec(trimmed);
  if (dayFirst) {
    const month = monthNumber(dayFirst[2]!);
    return month === null ? null : isoDay(dayFirst[3]!, month, Number(dayFirst[1]));
  }
  return null;
}

/**
 * The order of a file's days written with slashes, from all of them: day first when one starts with a number over 12
 * (25/03/2026), else month first (3/25/2026, and the US order of LinkedIn's and Meta's English exports when every
 * day of the file could be either).
 */
export function inferDayOrder(texts: readonly string[]): DayOrder {
  const dayFirst = texts.some((text) => {
    const slashes = SLASHES.exec(text.trim().replace(WEEKDAY, ''));
    return slashes !== null && Number(slashes[1]) > 12;
  });
  return dayFirst ? 'day-first' : 'month-first';
}

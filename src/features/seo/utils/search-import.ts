import { z } from 'zod';
import type { CsvField, CsvImportSchema, CsvRowInput } from '@/components/csv/csv-schema';
import { seoCopy } from '@/config/seo-copy';

export type SearchField = 'date' | 'date_to' | 'query' | 'page' | 'clicks' | 'impressions' | 'ctr' | 'position';

/** One row for import_seo_search_rows: a period (a day, or the export's), optional query and page, the figures. */
export interface SearchRow {
  date_from: string;
  date_to: string;
  query: string;
  page: string;
  clicks: number;
  impressions: number;
  ctr: number | null;
  position: number | null;
}

export interface ExportPeriod {
  from: string;
  to: string;
}

const labels = seoCopy.import.fields;
const rowErrors = seoCopy.import.rowErrors;

/**
 * Search Console's column names: the Performance report's CSV files (Queries.csv "Top queries", Pages.csv "Top pages",
 * Dates.csv "Date"; Clicks, Impressions, CTR "2.5%", Position), the zip turned into one table (gsc-zip.ts: "Period
 * start", "Period end") and the Looker Studio / API names.
 */
export const SEARCH_FIELDS: readonly CsvField<SearchField>[] = [
  { key: 'date', label: labels.date, isRequired: false, aliases: ['Day', 'Period start', 'Data date'] },
  { key: 'date_to', label: labels.dateTo, isRequired: false, aliases: ['Period end'] },
  { key: 'query', label: labels.query, isRequired: false, aliases: ['Top queries', 'Queries', 'Search query', 'Keyword'] },
  { key: 'page', label: labels.page, isRequired: false, aliases: ['Top pages', 'Pages', 'Landing page', 'URL', 'Address'] },
  { key: 'clicks', label: labels.clicks, isRequired: true, aliases: ['Url Clicks', 'Total clicks'] },
  { key: 'impressions', label: labels.impressions, isRequired: true, aliases: ['Total impressions'] },
  { key: 'ctr', label: labels.ctr, isRequired: false, aliases: ['Site CTR', 'URL CTR', 'Click-through rate', 'Average CTR'] },
  { key: 'position', label: labels.position, isRequired: false, aliases: ['Average position', 'Avg. position', 'Sum position'] },
];

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** '1,234' → 1234; null for anything but a whole number. */
export function parseCount(text: string): number | null {
  const clean = text.replace(/[\s,]/g, '');
  return /^\d{1,9}$/.test(clean) ? Number(clean) : null;
}

/** '2.5%' → 0.025, '0.025' → 0.025, '2,5 %' → 0.025; empty → null; undefined when not a rate. */
export function parseCtr(text: string): number | null | undefined {
  const clean = text.trim().replace(',', '.');
  if (!clean) return null;
  const percent = clean.endsWith('%');
  const number = Number(percent ? clean.slice(0, -1).trim() : clean);
  if (!Number.isFinite(number) || number < 0) return undefined;
  const rate = percent || number > 1 ? number / 100 : number;
  return rate <= 1 ? Math.round(rate * 1e6) / 1e6 : undefined;
}

/** '8.3' or '8,3' → 8.3; empty → null; undefined when not a position. */
export function parsePosition(text: string): number | null | undefined {
  const clean = text.trim().replace(',', '.');
  if (!clean) return null;
  const number = Number(clean);
  return Number.isFinite(number) && number >= 0 && number < 1e6 ? Math.round(number * 100) / 100 : undefined;
}

/** The rows of a Search Console export, dated by their Date column or, without one, by the export's period. */
export function searchImportSchema(period: ExportPeriod): CsvImportSchema<SearchField, SearchRow> {
  const row = z
    .custom<CsvRowInput<SearchField>>()
    .transform((input, context) => {
      const fail = (path: SearchField, message: string) => {
        context.addIssue({ code: 'custom', path: [path], message });
        return z.NEVER;
      };
      const date = input.date?.trim() ?? '';
      const dateTo = input.date_to?.trim() ?? '';
      if (date && !isCalendarDay(date)) return fail('date', rowErrors.date);
      if (dateTo && !isCalendarDay(dateTo)) return fail('date_to', rowErrors.date);
      const clicks = parseCount(input.clicks ?? '');
      if (clicks === null) return fail('clicks', rowErrors.number);
      const impressions = parseCount(input.impressions ?? '');
      if (impressions === null) return fail('impressions', rowErrors.number);
      const ctr = parseCtr(input.ctr ?? '');
      if (ctr === undefined) return fail('ctr', rowErrors.ctr);
      const position = parsePosition(input.position ?? '');
      if (position === undefined) return fail('position', rowErrors.position);
      const from = date || period.from;
      const to = date ? dateTo || date : period.to;
      if (to < from) return fail('date_to', rowErrors.date);
      return { date_from: from, date_to: to, query: input.query?.trim() ?? '', page: input.page?.trim() ?? '', clicks, impressions, ctr, position } satisfies SearchRow;
    });
  return { fields: SEARCH_FIELDS, row };
}

/** The period form: two calendar days, in order, at most 500 days apart; null when they are not. */
export function checkPeriod(from: string, to: string): ExportPeriod | null {
  if (!isCalendarDay(from) || !isCalendarDay(to) || to < from) return null;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days <= 500 ? { from, to } : null;
}

/** Search Console's usual export: the 28 days ending 3 days before today (its data lags by two or three days). */
export function defaultPeriod(today: string): ExportPeriod {
  const end = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 86_400_000);
  const start = new Date(end.getTime() - 27 * 86_400_000);
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

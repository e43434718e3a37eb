import { z } from 'zod';
import type { CsvField, CsvImportSchema, CsvRowChecks, CsvRowInput } from '@/components/csv/csv-schema';
import { adPlatforms } from '@/config/campaign-options';
import { foreignCurrency, inferDayOrder, parseFigure, parseReportDay, type DayOrder } from '@/features/campaigns/utils/export-values';
import { addDays } from '@/lib/periods';

/** One day of one campaign on one platform, as stored (public.campaign_results) and sent to import_campaign_results. */
export interface CampaignResultInput {
  day: string;
  platform: (typeof adPlatforms)[number];
  impressions: number;
  clicks: number;
  /** A decimal: Google Ads' data-driven attribution shares one conversion between clicks (2.50). */
  conversions: number;
  spend: number;
  revenue: number;
}

/**
 * The import's fields: what is stored, and two columns read only to check the rows — the row's last day (Meta's
 * "Reporting ends": a row over several days is a summary, not a day) and its currency (figures are US dollars).
 */
export type ResultField = keyof CampaignResultInput | 'dayEnd' | 'currency';

/** The first day results may have; the last is tomorrow (a day ahead of UTC somewhere on Earth). */
export const FIRST_RESULT_DAY = '2000-01-01';
const MAX_FIGURE = 1_000_000_000_000;

export { parseFigure };

/** A day as the exports write it (see export-values.ts) → '2026-11-23'; null when it is not a calendar day. */
export function parseResultDay(text: string, order: DayOrder = 'month-first'): string | null {
  return parseReportDay(text, order);
}

/** The platform named in a cell, matched without regard to case ('google ads' → 'Google Ads'). */
export function parsePlatform(text: string): CampaignResultInput['platform'] | null {
  const wanted = text.trim().toLowerCase();
  return adPlatforms.find((platform) => platform.toLowerCase() === wanted) ?? null;
}

/** A figure of 0 or more: whole (a count) or to the cent (an amount, conversions). */
const figure = (label: string, isWhole: boolean) =>
  z
    .string()
    .optional()
    .transform((text, context) => {
      const currency = foreignCurrency(text ?? '');
      if (currency !== null) {
        context.addIssue({ code: 'custom', message: `"${text}" is in ${currency}: figures are imported in US dollars` });
        return z.NEVER;
      }
      const value = parseFigure(text ?? '');
      if (value === null || value > MAX_FIGURE) {
        context.addIssue({ code: 'custom', message: `"${text}" is not a number of 0 or more` });
        return z.NEVER;
      }
      if (isWhole && !Number.isInteger(value)) {
        context.addIssue({ code: 'custom', message: `"${text}" is not a whole number` });
        return z.NEVER;
      }
      return isWhole ? value : Math.round(value * 100) / 100;
    })
    .describe(label);

/**
 * The column names of the three platforms' exports (tests/fixtures/ad-exports/README.md): Google Ads ("Day",
 * "Impr.", "Cost", "Conv. value", "Currency code"), Meta Ads Manager ("Reporting starts", "Reporting ends",
 * "Amount spent (USD)", "Link clicks", "Results", "Purchases conversion value"), LinkedIn Campaign Manager ("Start
 * Date (in UTC)", "Total Spent", "Conversion Value").
 */
const FIELDS: readonly CsvField<ResultField>[] = [
  { key: 'day', label: 'Date', isRequired: true, aliases: ['Day', 'Reporting starts', 'Report date', 'Date (UTC)', 'Start Date (in UTC)', 'Start date'] },
  // A single-platform export has no Platform column: the platform is then chosen for every line in the wizard.
  { key: 'platform', label: 'Platform', isRequired: true, aliases: ['Network', 'Ad platform', 'Channel', 'Source'], choices: adPlatforms },
  { key: 'impressions', label: 'Impressions', isRequired: false, aliases: ['Impr.', 'Impr'] },
  { key: 'clicks', label: 'Clicks', isRequired: false, aliases: ['Link clicks', 'Clicks (all)'] },
  { key: 'conversions', label: 'Conversions', isRequired: false, aliases: ['Conv.', 'Results', 'Purchases', 'Website purchases'] },
  { key: 'spend', label: 'Spend', isRequired: false, aliases: ['Cost', 'Amount spent', 'Amount spent (USD)', 'Spend (USD)', 'Total Spent', 'Total spent (USD)'] },
  {
    key: 'revenue',
    label: 'Revenue',
    isRequired: false,
    aliases: ['Conv. value', 'Conversion value', 'Purchase conversion value', 'Purchases conversion value', 'Website purchases conversion value', 'Total Conversion Value', 'Revenue (USD)'],
  },
  { key: 'dayEnd', label: 'End date', isRequired: false, aliases: ['Reporting ends', 'End Date (in UTC)', 'Day end'] },
  { key: 'currency', label: 'Currency', isRequired: false, aliases: ['Currency code'] },
];

/** The row checks for days written in `order`. */
function rowChecks(today: string, order: DayOrder): CsvRowChecks<ResultField, CampaignResultInput> {
  const lastDay = addDays(today, 1);
  const day = z.string().transform((text, context) => {
    const value = parseResultDay(text, order);
    if (value === null) context.addIssue({ code: 'custom', message: `"${text}" is not a date like 2026-11-23` });
    else if (value < FIRST_RESULT_DAY || value > lastDay) context.addIssue({ code: 'custom', message: `${value} is out of range (${FIRST_RESULT_DAY} to ${lastDay})` });
    else return value;
    return z.NEVER;
  });
  const row = z
    .object({
      day,
      platform: z.string().transform((text, context) => {
        const platform = parsePlatform(text);
        if (platform === null) {
          context.addIssue({ code: 'custom', message: `"${text}" is not one of ${adPlatforms.join(', ')}` });
          return z.NEVER;
        }
        return platform;
      }),
      impressions: figure('Impressions', true),
      clicks: figure('Clicks', true),
      conversions: figure('Conversions', false),
      spend: figure('Spend', false),
      revenue: figure('Revenue', false),
      currency: z
        .string()
        .optional()
        .superRefine((text, context) => {
          const code = (text ?? '').trim().toUpperCase();
          if (code !== '' && code !== 'USD') {
            context.addIssue({ code: 'custom', message: `this file’s figures are in ${code}; only US dollars (USD) can be imported: export the report in USD` });
          }
        }),
    })
    .transform(({ currency: _currency, ...result }) => result);
  return { row, skipRow: (input) => summaryRow(input, order) };
}

/** A row over several days ("Reporting starts" 2026-10-01, "Reporting ends" 2026-10-31): a summary, not a day. */
function summaryRow(input: CsvRowInput<ResultField>, order: DayOrder): string | null {
  const first = parseResultDay(input.day ?? '', order);
  const last = parseResultDay(input.dayEnd ?? '', order);
  if (first === null || last === null || first === last) return null;
  return `it covers ${first} to ${last}, not one day (a summary row)`;
}

/**
 * The CSV import of campaign results: its fields (with the header names ad platforms use) and row checks. Days
 * written with slashes are read in the order the whole file shows (inferDayOrder); a single row (the one-day form)
 * is read month first.
 */
export function resultsCsvSchema(today: string): CsvImportSchema<ResultField, CampaignResultInput> {
  return {
    fields: FIELDS,
    ...rowChecks(today, 'month-first'),
    forFile: (inputs) => rowChecks(today, inferDayOrder(inputs.map((input) => input.day ?? ''))),
  };
}

import { z } from 'zod';
import type { CsvImportSchema } from '@/components/csv/csv-schema';
import { adPlatforms } from '@/config/campaign-options';
import { addDays, dayValue } from '@/lib/periods';

/** One day of one campaign on one platform, as stored (public.campaign_results) and sent to import_campaign_results. */
export interface CampaignResultInput {
  day: string;
  platform: (typeof adPlatforms)[number];
  impressions: number;
  clicks: number;
  conversions: number;
  spend: number;
  revenue: number;
}

export type ResultField = keyof CampaignResultInput;

/** The first day results may have; the last is tomorrow (a day ahead of UTC somewhere on Earth). */
export const FIRST_RESULT_DAY = '2000-01-01';
const MAX_FIGURE = 1_000_000_000_000;

/**
 * A figure as ad platforms export it: '1234', '1,234', '1 234', '$1,234.50', '12.5%'-free. Returns null for anything
 * else (text, two decimal points, a negative sign: results are never negative).
 */
export function parseFigure(text: string): number | null {
  const cleaned = text.replace(/^[$€£]\s*|\s*(USD|EUR|GBP)$/gi, '').replace(/[\s\u00a0]/g, '');
  if (cleaned === '') return 0;
  const plain = /^\d+(\.\d+)?$/.test(cleaned);
  const grouped = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(cleaned);
  if (!plain && !grouped) return null;
  return Number(cleaned.replaceAll(',', ''));
}

/** '2026-11-23' or '2026/11/23' → '2026-11-23'; null when it is not a calendar day. */
export function parseResultDay(text: string): string | null {
  const day = text.trim().replaceAll('/', '-');
  return dayValue(day) === null ? null : day;
}

/** The platform named in a cell, matched without regard to case ('google ads' → 'Google Ads'). */
export function parsePlatform(text: string): CampaignResultInput['platform'] | null {
  const wanted = text.trim().toLowerCase();
  return adPlatforms.find((platform) => platform.toLowerCase() === wanted) ?? null;
}

const figure = (label: string, isWhole: boolean) =>
  z
    .string()
    .optional()
    .transform((text, context) => {
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

/** The CSV import of campaign results: its fields (with the header names ad platforms use) and row checks. */
export function resultsCsvSchema(today: string): CsvImportSchema<ResultField, CampaignResultInput> {
  const lastDay = addDays(today, 1);
  return {
    fields: [
      { key: 'day', label: 'Date', isRequired: true, aliases: ['Day', 'Reporting starts', 'Report date', 'Date (UTC)'] },
      // A single-platform export has no Platform column: the platform is then chosen for every line in the wizard.
      { key: 'platform', label: 'Platform', isRequired: true, aliases: ['Network', 'Ad platform', 'Channel', 'Source'], choices: adPlatforms },
      { key: 'impressions', label: 'Impressions', isRequired: false, aliases: ['Impr.', 'Impr'] },
      { key: 'clicks', label: 'Clicks', isRequired: false, aliases: ['Link clicks', 'Clicks (all)'] },
      { key: 'conversions', label: 'Conversions', isRequired: false, aliases: ['Conv.', 'Results', 'Purchases'] },
      { key: 'spend', label: 'Spend', isRequired: false, aliases: ['Cost', 'Amount spent', 'Amount spent (USD)', 'Spend (USD)'] },
      { key: 'revenue', label: 'Revenue', isRequired: false, aliases: ['Conv. value', 'Conversion value', 'Purchase conversion value', 'Revenue (USD)'] },
    ],
    row: z.object({
      day: z
        .string()
        .transform((text, context) => {
          const day = parseResultDay(text);
          if (day === null) context.addIssue({ code: 'custom', message: `"${text}" is not a date like 2026-11-23` });
          else if (day < FIRST_RESULT_DAY || day > lastDay) context.addIssue({ code: 'custom', message: `${day} is out of range (${FIRST_RESULT_DAY} to ${lastDay})` });
          else return day;
          return z.NEVER;
        }),
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
      conversions: figure('Conversions', true),
      spend: figure('Spend', false),
      revenue: figure('Revenue', false),
    }),
  };
}

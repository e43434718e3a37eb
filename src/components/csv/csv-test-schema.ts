import { z } from 'zod';
import type { CsvImportSchema } from '@/components/csv/csv-schema';

/** A small import schema for the CSV pieces' own tests (a day, a platform, a whole number, an amount). */
export type TestKey = 'date' | 'platform' | 'clicks' | 'spend';

export const testSchema: CsvImportSchema<TestKey, { date: string; platform: string; clicks: number; spend: number }> = {
  fields: [
    { key: 'date', label: 'Date', isRequired: true, aliases: ['Day', 'Reporting starts'] },
    { key: 'platform', label: 'Platform', isRequired: true, choices: ['Google Ads', 'Facebook Ads'] },
    { key: 'clicks', label: 'Clicks', isRequired: true, aliases: ['Link clicks'] },
    { key: 'spend', label: 'Spend', isRequired: false, aliases: ['Amount spent (USD)', 'Cost'] },
  ],
  row: z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-23'),
    platform: z.enum(['Google Ads', 'Facebook Ads'], { error: 'must be Google Ads or Facebook Ads' }),
    clicks: z.string().regex(/^\d+$/, 'must be a whole number of 0 or more').transform(Number),
    spend: z
      .string()
      .optional()
      .transform((value) => (value ? Number(value) : 0))
      .refine((value) => Number.isFinite(value) && value >= 0, 'must be an amount of 0 or more'),
  }),
};

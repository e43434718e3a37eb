import { resultsCopy } from '@/config/results-copy';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import type { CsvColumn } from '@/lib/csv-export';
import type { Database } from '@/types/database';

type ResultRow = Database['public']['Tables']['campaign_results']['Row'];
const h = resultsCopy.csvHeaders;

/** A campaign's results as CSV columns: the same header names the import recognises, so an export imports back. */
export function resultColumns(campaignTitle: string): CsvColumn<ResultRow>[] {
  return [
    { header: h.campaign, value: () => campaignTitle },
    { header: h.day, value: (row) => row.day },
    { header: h.platform, value: (row) => row.platform },
    { header: h.impressions, value: (row) => Number(row.impressions) },
    { header: h.clicks, value: (row) => Number(row.clicks) },
    { header: h.conversions, value: (row) => Number(row.conversions) },
    { header: h.spend, value: (row) => Number(row.spend) },
    { header: h.revenue, value: (row) => Number(row.revenue) },
  ];
}

/** The campaign list as CSV columns. */
export const campaignColumns: CsvColumn<Campaign>[] = [
  { header: h.title, value: (row) => row.title },
  { header: h.description, value: (row) => row.description },
  { header: h.status, value: (row) => row.status },
  { header: h.budget, value: (row) => (row.budget === null ? null : Number(row.budget)) },
  { header: h.startDate, value: (row) => row.start_date },
  { header: h.endDate, value: (row) => row.end_date },
  { header: h.platforms, value: (row) => row.platforms.join('; ') },
  { header: h.created, value: (row) => row.created_at },
];

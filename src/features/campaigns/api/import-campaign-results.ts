import type { SupabaseClient } from '@supabase/supabase-js';
import type { ImportBatchResult } from '@/components/csv/run-import';
import type { CampaignResultInput } from '@/features/campaigns/utils/results-csv';
import { toError } from '@/lib/errors';
import type { Database, Json } from '@/types/database';

/** The rows a call to import_campaign_results sends: about 140 KB of JSON, far under the data API's 1 MB a request. */
export const RESULTS_IMPORT_BATCH = 1_000;

export type CampaignResultRow = CampaignResultInput & { line?: number };

interface ImportAnswer {
  added: number;
  updated: number;
  unchanged: number;
  /** Only from a dry run: the lines it would refuse (a real import raises instead and stores nothing). */
  refused?: { line: number; message: string }[];
}

/**
 * Stores results of one campaign in one transaction (all or nothing; a day and platform already there is replaced).
 * With `dryRun`, the database checks and writes everything, counts it and rolls it back, answering the lines it would
 * refuse: the check before an all-or-nothing import in several batches.
 */
export async function importCampaignResults(
  client: SupabaseClient<Database>,
  campaignId: string,
  rows: CampaignResultRow[],
  dryRun = false,
): Promise<ImportBatchResult> {
  const { data, error } = await client.rpc('import_campaign_results', { campaign_id: campaignId, results: rows as unknown as Json, dry_run: dryRun });
  if (error) throw toError(error);
  const answer = data as unknown as ImportAnswer;
  return {
    added: answer.added,
    updated: answer.updated,
    unchanged: answer.unchanged,
    refused: (answer.refused ?? []).map((row) => ({ line: row.line, reason: row.message })),
  };
}

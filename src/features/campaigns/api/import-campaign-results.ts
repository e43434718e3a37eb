import type { SupabaseClient } from '@supabase/supabase-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportBatchResult } from '@/components/csv/run-import';
import { campaignKeys } from '@/features/campaigns/api/keys';
import type { CampaignResultInput } from '@/features/campaigns/utils/results-csv';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Database, Json } from '@/types/database';

/** Stores results of one campaign in one transaction (all or nothing; a day and platform already there is replaced). */
export async function importCampaignResults(client: SupabaseClient<Database>, campaignId: string, rows: (CampaignResultInput & { line?: number })[]): Promise<ImportBatchResult> {
  const { data, error } = await client.rpc('import_campaign_results', { campaign_id: campaignId, results: rows as unknown as Json });
  if (error) throw toError(error);
  return data as unknown as ImportBatchResult;
}

/** The import (CSV or the one-day form); every figure of the workspace is recomputed afterwards. */
export function useImportCampaignResults(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: (CampaignResultInput & { line?: number })[]) => importCampaignResults(supabase, campaignId, rows),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...campaignKeys.all, 'figures'] }),
  });
}

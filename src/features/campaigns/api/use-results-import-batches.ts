import { useCallback, useRef } from 'react';
import type { ImportBatch, ImportBatchResult } from '@/components/csv/run-import';
import { importCampaignResults } from '@/features/campaigns/api/import-campaign-results';
import { withoutRepeatedDays, type SeenDays } from '@/features/campaigns/utils/results-batches';
import type { CampaignResultInput } from '@/features/campaigns/utils/results-csv';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

const NOTHING: ImportBatchResult = { added: 0, updated: 0, unchanged: 0 };

/**
 * The CSV wizard's batches of one campaign's results import (one dialog, one import): `importBatch` stores a batch
 * (its own transaction; a repeated day and platform is skipped and named), `checkBatch` is its dry run for "import
 * nothing if any line is bad" (repeats and the lines the database would refuse come back as refused), and
 * `storedRows` says how many rows earlier batches stored, for an honest message when a later one fails.
 */
export function useResultsImportBatches(campaignId: string) {
  const state = useRef({ checked: new Map() as SeenDays, imported: new Map() as SeenDays, stored: 0 });
  const checked = useAccessCheckedWrite();

  const importBatch = useCallback<ImportBatch<CampaignResultInput>>(
    async (rows, lines) => {
      const batch = withoutRepeatedDays(rows, lines, state.current.imported);
      const result = batch.rows.length > 0 ? await checked(() => importCampaignResults(supabase, campaignId, withLines(batch.rows, batch.lines))) : NOTHING;
      state.current.stored += batch.rows.length;
      return { ...result, skipped: batch.repeated };
    },
    [campaignId, checked],
  );

  const checkBatch = useCallback<ImportBatch<CampaignResultInput>>(
    async (rows, lines) => {
      const batch = withoutRepeatedDays(rows, lines, state.current.checked);
      const result = batch.rows.length > 0 ? await checked(() => importCampaignResults(supabase, campaignId, withLines(batch.rows, batch.lines), true)) : NOTHING;
      const refused = [...(result.refused ?? []), ...batch.repeated].sort((a, b) => a.line - b.line);
      return { ...result, refused };
    },
    [campaignId, checked],
  );

  const storedRows = useCallback(() => state.current.stored, []);
  return { importBatch, checkBatch, storedRows };
}

function withLines(rows: CampaignResultInput[], lines: number[]) {
  return rows.map((row, index) => ({ ...row, line: lines[index] }));
}

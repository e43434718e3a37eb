import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { CsvImportDialog } from '@/components/csv/csv-import-dialog';
import { resultsCopy } from '@/config/results-copy';
import { importCampaignResults } from '@/features/campaigns/api/import-campaign-results';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { resultsCsvSchema, type CampaignResultInput, type ResultField } from '@/features/campaigns/utils/results-csv';
import { describeResultsError } from '@/features/campaigns/utils/results-errors';
import { useAuth } from '@/lib/auth';
import { workspaceMappingStore } from '@/lib/csv-mapping-store';
import { localDay } from '@/lib/periods';
import { supabase } from '@/lib/supabase';
import { useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '@/features/campaigns/api/keys';

/**
 * Import a campaign's daily results from a CSV file (the shared wizard): the mapping is remembered per workspace,
 * every row is checked before anything is sent, and the rows go in one call (all or nothing); a re-import of the
 * same file counts its rows as unchanged.
 */
export function ResultsImportDialog({ campaign, onClose }: { campaign: Campaign; onClose(): void }) {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const [today] = useState(localDay);
  const schema = useMemo(() => resultsCsvSchema(today), [today]);
  const mappingStore = useMemo(
    () => workspaceMappingStore<ResultField>(supabase, campaign.organization_id, userId ?? '', 'campaign_results'),
    [campaign.organization_id, userId],
  );

  return (
    <CsvImportDialog<ResultField, CampaignResultInput>
      title={resultsCopy.importTitle(campaign.title)}
      description={resultsCopy.importDescription}
      schema={schema}
      mappingStore={mappingStore}
      importBatch={(rows, lines) => importCampaignResults(supabase, campaign.id, rows.map((row, index) => ({ ...row, line: lines[index] })))}
      describeError={describeResultsError}
      onClose={(summary) => {
        if (summary) {
          void queryClient.invalidateQueries({ queryKey: [...campaignKeys.all, 'figures'] });
          if (summary.failure) toast.error(resultsCopy.importFailed, { description: describeResultsError(summary.failure.error) });
          else toast.success(resultsCopy.imported(summary.added, summary.updated, summary.unchanged));
        }
        onClose();
      }}
    />
  );
}

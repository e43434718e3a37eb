import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { CsvImportDialog } from '@/components/csv/csv-import-dialog';
import type { CsvMappingStore } from '@/components/csv/csv-schema';
import { OptionSelect } from '@/components/option-select';
import { FormField } from '@/components/ui/form-field';
import { resultsCopy } from '@/config/results-copy';
import { RESULTS_IMPORT_BATCH } from '@/features/campaigns/api/import-campaign-results';
import { campaignKeys } from '@/features/campaigns/api/keys';
import { useResultsImportBatches } from '@/features/campaigns/api/use-results-import-batches';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { resultsCsvSchema, type CampaignResultInput, type ResultField } from '@/features/campaigns/utils/results-csv';
import { describeResultsError } from '@/features/campaigns/utils/results-errors';
import { useAuth } from '@/lib/auth';
import { workspaceMappingStore } from '@/lib/csv-mapping-store';
import { localDay } from '@/lib/periods';
import { supabase } from '@/lib/supabase';

type BadLineChoice = (typeof resultsCopy.badLineChoices)[number]['value'];

/** The workspace's remembered mapping; a save that fails says so in a toast (the import goes on). */
function useMappingStore(organizationId: string, userId: string): CsvMappingStore<ResultField> {
  return useMemo(() => {
    const store = workspaceMappingStore<ResultField>(supabase, organizationId, userId, 'campaign_results');
    return {
      load: store.load,
      save: (mapping) => store.save(mapping).catch(() => void toast.error(resultsCopy.mappingNotSaved, { description: resultsCopy.mappingNotSavedDetail })),
    };
  }, [organizationId, userId]);
}

/**
 * Import a campaign's daily results from a CSV file (the shared wizard): the mapping is remembered per workspace,
 * every row is checked before anything is sent, and the rows go in batches of 1,000 (a real progress bar; the data
 * API takes at most 1 MB a request), each batch in one transaction. The user chooses what a bad line does: left out
 * (the others are imported, the summary names it), or nothing is imported — then every batch is first checked by a
 * dry run. A batch that fails mid-import leaves the earlier ones stored: the summary says so, and importing the same
 * file again finishes it (rows already there count as unchanged).
 */
export function ResultsImportDialog({ campaign, onClose }: { campaign: Campaign; onClose(): void }) {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const [today] = useState(localDay);
  const [onBadLine, setOnBadLine] = useState<BadLineChoice>('import-good');
  const schema = useMemo(() => resultsCsvSchema(today), [today]);
  const mappingStore = useMappingStore(campaign.organization_id, userId ?? '');
  const { importBatch, checkBatch, storedRows } = useResultsImportBatches(campaign.id);
  const describeError = (error: unknown) => `${describeResultsError(error)} ${storedRows() > 0 ? resultsCopy.partlyImported(storedRows()) : resultsCopy.nothingImported}`;

  return (
    <CsvImportDialog<ResultField, CampaignResultInput>
      title={resultsCopy.importTitle(campaign.title)}
      description={resultsCopy.importDescription}
      schema={schema}
      mappingStore={mappingStore}
      importBatch={importBatch}
      batchSize={RESULTS_IMPORT_BATCH}
      allOrNothing={onBadLine === 'import-nothing' ? { checkBatch } : null}
      options={
        <FormField label={resultsCopy.badLines} hint={resultsCopy.badLinesHint}>
          <OptionSelect<BadLineChoice> value={onBadLine} options={resultsCopy.badLineChoices} onChange={setOnBadLine} />
        </FormField>
      }
      describeError={describeError}
      onClose={(summary) => {
        if (summary) {
          void queryClient.invalidateQueries({ queryKey: [...campaignKeys.all, 'figures'] });
          if (summary.failure) toast.error(resultsCopy.importFailed, { description: describeError(summary.failure.error) });
          else if (summary.rejected) toast.error(resultsCopy.importRejected);
          else toast.success(resultsCopy.imported(summary.added, summary.updated, summary.unchanged));
        }
        onClose();
      }}
    />
  );
}

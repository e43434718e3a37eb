import { Plus, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { CsvExportButton } from '@/components/csv/csv-export-button';
import { Button } from '@/components/ui/button';
import { resultsCopy } from '@/config/results-copy';
import { fetchCampaignResults } from '@/features/campaigns/api/get-campaign-results';
import { ResultsChart } from '@/features/campaigns/components/results-chart';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { resultColumns } from '@/features/campaigns/utils/results-export';
import { csvFileName } from '@/lib/csv-export';
import { localDay } from '@/lib/periods';
import { supabase } from '@/lib/supabase';

// Dialogs load when they open: their Radix and form code stays off the page's first load (issue 33).
const ResultsImportDialog = lazy(() => import('@/features/campaigns/components/results-import-dialog').then((module) => ({ default: module.ResultsImportDialog })));
const ResultFormDialog = lazy(() => import('@/features/campaigns/components/result-form-dialog').then((module) => ({ default: module.ResultFormDialog })));

/** An open campaign's results: add a day or import a CSV (members and up), export them, and their chart. */
export function CampaignResultsPanel({ campaign, canWrite }: { campaign: Campaign; canWrite: boolean }) {
  const [dialog, setDialog] = useState<'form' | 'import' | null>(null);
  return (
    <div className="space-y-4 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">{resultsCopy.resultsTitle}</h3>
        <div className="flex flex-wrap gap-2">
          {canWrite ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setDialog('form')}>
                <Plus aria-hidden="true" />
                {resultsCopy.addResults}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setDialog('import')}>
                <Upload aria-hidden="true" />
                {resultsCopy.importCsv}
              </Button>
            </>
          ) : null}
          <CsvExportButton
            label={resultsCopy.exportResults}
            loadRows={() => fetchCampaignResults(supabase, campaign.id)}
            columns={resultColumns(campaign.title)}
            fileName={csvFileName(`${campaign.title}-results`, localDay())}
            failureTitle={resultsCopy.exportFailed}
          />
        </div>
      </div>
      <ResultsChart title={resultsCopy.campaignChartTitle(campaign.title)} campaignId={campaign.id} />
      <Suspense fallback={null}>
        {dialog === 'form' ? <ResultFormDialog campaign={campaign} onClose={() => setDialog(null)} /> : null}
        {dialog === 'import' ? <ResultsImportDialog campaign={campaign} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </div>
  );
}

import { CsvExportButton } from '@/components/csv/csv-export-button';
import { messages } from '@/config/messages';
import { resultsCopy } from '@/config/results-copy';
import { campaignsPageQuery } from '@/features/campaigns/api/campaigns-query';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { campaignColumns } from '@/features/campaigns/utils/results-export';
import { csvFileName } from '@/lib/csv-export';
import { toKeysetPage, type KeysetCursor } from '@/lib/keyset';
import { localDay } from '@/lib/periods';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

const EXPORT_PAGE = 500;

/** Every advertising campaign of the workspace (all pages, not only those on screen) as a CSV file. */
async function loadAllCampaigns(organizationId: string): Promise<Campaign[]> {
  const rows: Campaign[] = [];
  let cursor: KeysetCursor | null = null;
  for (;;) {
    const { data, error } = await campaignsPageQuery(supabase, organizationId, cursor, EXPORT_PAGE);
    if (error) throw new Error(error.message);
    const page = toKeysetPage(data, EXPORT_PAGE);
    rows.push(...page.items);
    if (!page.nextCursor) return rows;
    cursor = page.nextCursor;
  }
}

export function CampaignsExportButton() {
  const workspace = useWorkspace().current;
  if (!workspace) return null;
  return (
    <CsvExportButton
      label={resultsCopy.exportCampaigns}
      loadRows={() => loadAllCampaigns(workspace.id)}
      columns={campaignColumns}
      fileName={csvFileName(`${workspace.name}-campaigns`, localDay())}
      failureTitle={messages.campaigns.loadFailed}
    />
  );
}

import { useState } from 'react';
import { CampaignDialog } from '@/features/campaigns/components/campaign-dialog';
import { AdvertisingOverview } from '@/features/campaigns/components/advertising-overview';
import { CampaignPerformance } from '@/features/campaigns/components/campaign-performance';
import { CampaignsExportButton } from '@/features/campaigns/components/campaigns-export-button';
import { CampaignsCard } from '@/features/campaigns/components/campaigns-card';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';

type DialogState = { mode: 'create' } | { mode: 'edit'; campaign: Campaign } | null;

/**
 * Digital Advertising Console (spec §2): the workspace's campaigns, their results and the figures computed from them
 * (a workspace without results sees the spec's samples, marked).
 */
export function AdConsole() {
  const [dialog, setDialog] = useState<DialogState>(null);
  return (
    <>
      <AdvertisingOverview />
      <CampaignsCard
        onCreate={() => setDialog({ mode: 'create' })}
        onEdit={(campaign) => setDialog({ mode: 'edit', campaign })}
        headerActions={<CampaignsExportButton />}
      />
      <CampaignPerformance />
      {dialog ? (
        <CampaignDialog
          key={dialog.mode === 'edit' ? dialog.campaign.id : 'new'}
          item={dialog.mode === 'edit' ? dialog.campaign : null}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}

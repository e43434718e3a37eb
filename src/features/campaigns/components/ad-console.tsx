import { useState } from 'react';
import { CampaignDialog } from '@/features/campaigns/components/campaign-dialog';
import { AdvertisingOverview, CampaignPerformance } from '@/features/campaigns/components/campaign-samples';
import { CampaignsCard } from '@/features/campaigns/components/campaigns-card';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';

type DialogState = { mode: 'create' } | { mode: 'edit'; campaign: Campaign } | null;

/** Digital Advertising Console (spec §2): sample figures around the workspace's real campaigns. */
export function AdConsole() {
  const [dialog, setDialog] = useState<DialogState>(null);
  return (
    <>
      <AdvertisingOverview />
      <CampaignsCard onCreate={() => setDialog({ mode: 'create' })} onEdit={(campaign) => setDialog({ mode: 'edit', campaign })} />
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

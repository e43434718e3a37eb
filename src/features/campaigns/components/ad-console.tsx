import { lazy, Suspense, useState } from 'react';
import { AdvertisingOverview } from '@/features/campaigns/components/advertising-overview';
import { CampaignPerformance } from '@/features/campaigns/components/campaign-performance';
import { CampaignsExportButton } from '@/features/campaigns/components/campaigns-export-button';
import { CampaignsCard } from '@/features/campaigns/components/campaigns-card';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';

// Dialogs load when they open: their Radix and form code stays off the page's first load (issue 33).
const CampaignDialog = lazy(() => import('@/features/campaigns/components/campaign-dialog').then((module) => ({ default: module.CampaignDialog })));

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
        <Suspense fallback={null}>
          <CampaignDialog
            key={dialog.mode === 'edit' ? dialog.campaign.id : 'new'}
            item={dialog.mode === 'edit' ? dialog.campaign : null}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

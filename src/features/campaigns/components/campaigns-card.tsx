import { Megaphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { RecordCardList } from '@/components/records/record-card';
import { RecordListCard, type RecordListCopy } from '@/components/records/record-list-card';
import { campaignCopy } from '@/config/campaign-copy';
import { messages } from '@/config/messages';
import { useDeleteCampaign } from '@/features/campaigns/api/delete-campaign';
import { useCampaigns } from '@/features/campaigns/api/get-campaigns';
import { CampaignRow } from '@/features/campaigns/components/campaign-row';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { toggleOpenRow, visibleOpenRow } from '@/features/campaigns/utils/open-row';

interface CampaignsCardProps {
  onCreate(): void;
  onEdit(campaign: Campaign): void;
  /** More header buttons (export, import). */
  headerActions?: ReactNode;
}

const listCopy: RecordListCopy = {
  title: campaignCopy.listTitle,
  description: campaignCopy.listDescription,
  create: campaignCopy.createCampaign,
  createFirst: campaignCopy.createFirst,
  emptyTitle: messages.campaigns.empty,
  emptyDescription: campaignCopy.emptyDescription,
  emptyReadOnly: campaignCopy.emptyReadOnly,
  loading: campaignCopy.loading,
  loadFailed: messages.campaigns.loadFailed,
  retry: campaignCopy.retry,
  loadMore: campaignCopy.loadMore,
  loadingMore: campaignCopy.loadingMore,
  organizationUnavailable: campaignCopy.organizationUnavailable,
  confirmDelete: messages.campaigns.confirmDelete,
  deleteConfirm: campaignCopy.deleteConfirm,
  deleting: campaignCopy.deleting,
  cancel: campaignCopy.cancel,
};

/** The workspace's advertising campaigns as expandable rows, one open at a time (the list itself: RecordListCard). */
export function CampaignsCard({ onCreate, onEdit, headerActions }: CampaignsCardProps) {
  const query = useCampaigns();
  const remove = useDeleteCampaign();
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <RecordListCard copy={listCopy} icon={Megaphone} query={query} remove={remove} onCreate={onCreate} headerActions={headerActions}>
      {(campaigns, { canWrite, onDelete }) => {
        const shownOpenId = visibleOpenRow(openId, campaigns.map((campaign) => campaign.id));
        return (
          <RecordCardList>
            {campaigns.map((campaign) => (
              <CampaignRow
                key={campaign.id}
                campaign={campaign}
                isOpen={campaign.id === shownOpenId}
                onToggle={() => setOpenId(toggleOpenRow(shownOpenId, campaign.id))}
                onEdit={canWrite ? () => onEdit(campaign) : undefined}
                onDelete={onDelete ? () => onDelete(campaign) : undefined}
                canWrite={canWrite}
              />
            ))}
          </RecordCardList>
        );
      }}
    </RecordListCard>
  );
}

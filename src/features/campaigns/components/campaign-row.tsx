import { ChevronDown, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { RecordCard } from '@/components/records/record-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { campaignCopy } from '@/config/campaign-copy';
import { CampaignDetails } from '@/features/campaigns/components/campaign-details';
import { CampaignResultsPanel } from '@/features/campaigns/components/campaign-results-panel';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { budgetText, campaignStatusBadge, dayText, descriptionPreview } from '@/features/campaigns/utils/campaign-display';
import { cn } from '@/lib/utils';

interface CampaignRowProps {
  campaign: Campaign;
  isOpen: boolean;
  onToggle(): void;
  /** Absent for viewers: only the view button. */
  onEdit?(): void;
  onDelete?(): void;
  /** Members and up add and import results in the open row. */
  canWrite: boolean;
}

/**
 * Spec §2: title, description cut to 40 characters, status badge, budget or N/A, start date or N/A, and view/edit/
 * delete. View is a disclosure button (aria-expanded, aria-controls) opening the details below the row.
 */
export function CampaignRow({ campaign, isOpen, onToggle, onEdit, onDelete, canWrite }: CampaignRowProps) {
  const panelId = useId();
  const badge = campaignStatusBadge(campaign.status);
  return (
    <RecordCard
      title={campaign.title}
      description={descriptionPreview(campaign.description) || undefined}
      fields={[
        { label: campaignCopy.row.status, value: <Badge variant={badge.variant}>{badge.label}</Badge>, isLabelHidden: true },
        { label: campaignCopy.row.budget, value: <span className="font-medium">{budgetText(campaign.budget)}</span> },
        { label: campaignCopy.row.startDate, value: dayText(campaign.start_date) },
      ]}
      actions={
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={isOpen}
            aria-controls={panelId}
            aria-label={campaignCopy.view(campaign.title)}
            title={campaignCopy.view(campaign.title)}
            onClick={onToggle}
          >
            <ChevronDown className={cn('transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
          </Button>
          {onEdit && onDelete ? (
            <>
              <Button variant="ghost" size="icon" aria-label={campaignCopy.edit(campaign.title)} title={campaignCopy.edit(campaign.title)} onClick={onEdit}>
                <Pencil aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="icon" aria-label={campaignCopy.delete(campaign.title)} title={campaignCopy.delete(campaign.title)} onClick={onDelete}>
                <Trash2 aria-hidden="true" />
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <div id={panelId} role="region" aria-label={campaign.title} hidden={!isOpen} className="border-t bg-muted/30 p-4">
        {isOpen ? (
          <div className="space-y-4">
            <CampaignDetails campaign={campaign} />
            <CampaignResultsPanel campaign={campaign} canWrite={canWrite} />
          </div>
        ) : null}
      </div>
    </RecordCard>
  );
}

import { ChevronDown, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { campaignCopy } from '@/config/campaign-copy';
import { CampaignDetails } from '@/features/campaigns/components/campaign-details';
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
}

/**
 * Spec §2: title, description cut to 40 characters, status badge, budget or N/A, start date or N/A, and view/edit/
 * delete. View is a disclosure button (aria-expanded, aria-controls) opening the details below the row.
 */
export function CampaignRow({ campaign, isOpen, onToggle, onEdit, onDelete }: CampaignRowProps) {
  const panelId = useId();
  const badge = campaignStatusBadge(campaign.status);
  const preview = descriptionPreview(campaign.description);
  return (
    <li className="rounded-lg border">
      <div className="flex flex-wrap items-center gap-4 p-4">
        <div className="min-w-48 flex-1">
          <h3 className="font-medium break-words">{campaign.title}</h3>
          {preview ? <p className="text-sm text-muted-foreground break-words">{preview}</p> : null}
        </div>
        <dl className="grid grid-cols-3 gap-4 text-sm">
          <div>
            <dt className="sr-only">{campaignCopy.row.status}</dt>
            <dd>
              <Badge variant={badge.variant}>{badge.label}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{campaignCopy.row.budget}</dt>
            <dd className="whitespace-nowrap font-medium">{budgetText(campaign.budget)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{campaignCopy.row.startDate}</dt>
            <dd className="whitespace-nowrap">{dayText(campaign.start_date)}</dd>
          </div>
        </dl>
        <div className="flex gap-1">
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
        </div>
      </div>
      <div id={panelId} role="region" aria-label={campaign.title} hidden={!isOpen} className="border-t bg-muted/30 p-4">
        {isOpen ? <CampaignDetails campaign={campaign} /> : null}
      </div>
    </li>
  );
}

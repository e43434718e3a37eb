import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { campaignCopy } from '@/config/campaign-copy';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { budgetText, campaignTypeLabel, timelineText } from '@/features/campaigns/utils/campaign-display';
import { formatDateTime } from '@/lib/format';

function List({ values }: { values: readonly string[] }) {
  if (values.length === 0) return <span className="text-muted-foreground">{campaignCopy.details.none}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {values.map((value) => (
        <li key={value}>
          <Badge variant="secondary" className="font-normal">
            {value}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function Detail({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2 lg:col-span-3' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="mt-1 text-sm break-words">{children}</dd>
    </div>
  );
}

const orNotAvailable = (text: string | null) => (text && text.trim() !== '' ? text : campaignCopy.notAvailable);

/** Spec §2: everything about an open campaign row. */
export function CampaignDetails({ campaign }: { campaign: Campaign }) {
  const { details } = campaignCopy;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Detail term={details.description} wide>
        <span className="whitespace-pre-wrap">{orNotAvailable(campaign.description)}</span>
      </Detail>
      <Detail term={details.type}>{campaignTypeLabel(campaign.type)}</Detail>
      <Detail term={details.budget}>{budgetText(campaign.budget)}</Detail>
      <Detail term={details.timeline}>{timelineText(campaign.start_date, campaign.end_date)}</Detail>
      <Detail term={details.targetAudience}>
        <span className="whitespace-pre-wrap">{orNotAvailable(campaign.target_audience)}</span>
      </Detail>
      <Detail term={details.goals}>
        <span className="whitespace-pre-wrap">{orNotAvailable(campaign.goals)}</span>
      </Detail>
      <Detail term={details.executionMethods}>
        <List values={campaign.execution_methods} />
      </Detail>
      <Detail term={details.platforms}>
        <List values={campaign.platforms} />
      </Detail>
      <Detail term={details.adCollateral}>
        <List values={campaign.ad_collateral} />
      </Detail>
      <Detail term={details.created}>
        <time dateTime={campaign.created_at}>{formatDateTime(campaign.created_at)}</time>
      </Detail>
      <Detail term={details.updated}>
        <time dateTime={campaign.updated_at}>{formatDateTime(campaign.updated_at)}</time>
      </Detail>
    </dl>
  );
}

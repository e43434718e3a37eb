import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { emailCopy } from '@/config/email-copy';
import { useEmailCampaigns, type EmailCampaign } from '@/features/email/api/get-email-campaigns';
import { CAMPAIGN_STATE_VARIANT } from '@/features/email/utils/campaign-actions';
import { useWorkspace } from '@/lib/workspace';
import { CampaignEditorDialog } from './campaign-editor-dialog';
import { CampaignReportDialog } from './campaign-report-dialog';
import { CampaignRowActions } from './campaign-row-actions';

const copy = emailCopy.campaigns;

function campaignDetail(campaign: EmailCampaign): string {
  if (campaign.status === 'scheduled' && campaign.scheduled_at) return copy.scheduledFor(new Date(campaign.scheduled_at).toLocaleString());
  if (campaign.status === 'paused' && campaign.paused_reason) return campaign.paused_reason;
  if (campaign.status === 'draft') return campaign.subject || '—';
  return copy.sent(campaign.sent_count, campaign.recipients_total);
}

/** The workspace's campaigns with what each state allows; members write, viewers read reports. */
export function CampaignsPanel({ workerAlive }: { workerAlive: boolean }) {
  const { canWrite } = useWorkspace();
  const campaigns = useEmailCampaigns();
  const [editing, setEditing] = useState<EmailCampaign | 'new' | null>(null);
  const [reporting, setReporting] = useState<EmailCampaign | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <h2 className="text-lg font-semibold">{copy.heading}</h2>
        {canWrite ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            {copy.create}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {campaigns.isPending ? (
          <ListStatus kind="loading" title={copy.loading} />
        ) : campaigns.isError ? (
          <ListStatus kind="error" title={emailCopy.loadFailed}>
            <Button variant="outline" onClick={() => void campaigns.refetch()}>
              {emailCopy.retry}
            </Button>
          </ListStatus>
        ) : campaigns.data.length === 0 ? (
          <ListStatus kind="empty" icon={Mail} title={copy.empty} />
        ) : (
          <ul className="divide-y">
            {campaigns.data.map((campaign) => (
              <li key={campaign.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="truncate font-medium">{campaign.name}</h3>
                    <Badge variant={CAMPAIGN_STATE_VARIANT[campaign.status]}>{emailCopy.states[campaign.status]}</Badge>
                  </div>
                  <p className="break-words text-sm text-muted-foreground">{campaignDetail(campaign)}</p>
                </div>
                <CampaignRowActions campaign={campaign} canWrite={canWrite} workerAlive={workerAlive} onEdit={() => setEditing(campaign)} onReport={() => setReporting(campaign)} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing ? <CampaignEditorDialog key={editing === 'new' ? 'new' : editing.id} campaign={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {reporting ? <CampaignReportDialog campaign={reporting} onClose={() => setReporting(null)} /> : null}
    </Card>
  );
}

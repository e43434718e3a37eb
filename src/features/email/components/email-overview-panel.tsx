import { MailOpen, MousePointerClick, Send, UserMinus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { StatCards, type StatCardItem } from '@/components/module/stat-cards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { emailCopy } from '@/config/email-copy';
import { useEmailLists } from '@/features/email/api/get-email-lists';
import { useEmailOverview } from '@/features/email/api/get-email-overview';
import { CAMPAIGN_STATE_VARIANT, type CampaignStatus } from '@/features/email/utils/campaign-actions';
import { rate } from '@/features/email/utils/email-rates';

const iconClass = 'h-4 w-4 text-muted-foreground';
const copy = emailCopy.overview;

/** The module page's real figures; the marked sample while the workspace has sent nothing. */
export function EmailOverviewPanel({ sample }: { sample: ReactNode }) {
  const overview = useEmailOverview();
  const lists = useEmailLists();
  if (overview.isPending) return <ListStatus kind="loading" title={emailCopy.campaigns.loading} />;
  if (overview.isError) {
    return (
      <ListStatus kind="error" title={emailCopy.loadFailed}>
        <Button variant="outline" onClick={() => void overview.refetch()}>
          {emailCopy.retry}
        </Button>
      </ListStatus>
    );
  }
  const { counts, recent } = overview.data;
  if (counts.deliveries === 0 && counts.subscribers === 0) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground">{copy.sampleNote}</p>
        {sample}
      </div>
    );
  }
  const stats: StatCardItem[] = [
    { label: copy.subscribers, value: counts.subscribers.toLocaleString('en-US'), change: null, note: copy.subscribersNote, icon: <Users className={iconClass} aria-hidden="true" /> },
    { label: copy.sent, value: counts.sent.toLocaleString('en-US'), change: null, note: `${counts.campaigns} campaign${counts.campaigns === 1 ? '' : 's'}`, icon: <Send className={iconClass} aria-hidden="true" /> },
    { label: copy.openRate, value: rate(counts.opened, counts.open_tracked) ?? copy.notTracked, change: null, note: copy.ofSent, icon: <MailOpen className={iconClass} aria-hidden="true" /> },
    { label: copy.clickRate, value: rate(counts.clicked, counts.click_tracked) ?? copy.notTracked, change: null, note: copy.ofSent, icon: <MousePointerClick className={iconClass} aria-hidden="true" /> },
    { label: copy.unsubscribeRate, value: rate(counts.unsubscribed, counts.sent) ?? '–', change: null, note: copy.ofSent, icon: <UserMinus className={iconClass} aria-hidden="true" /> },
    { label: copy.bounceRate, value: rate(counts.bounced, counts.sent) ?? '–', change: null, note: copy.ofSent, icon: <UserMinus className={iconClass} aria-hidden="true" /> },
  ];
  return (
    <div className="space-y-6">
      <section aria-labelledby="email-figures-title">
        <h2 id="email-figures-title" className="sr-only">
          {emailCopy.tabs.overview}
        </h2>
        <StatCards stats={stats} className="lg:grid-cols-3" />
      </section>
      {counts.open_tracked > 0 ? <p className="text-xs text-muted-foreground">{copy.mppNote}</p> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">{copy.recentCampaigns}</h2>
          </CardHeader>
          <CardContent>
            {recent.length === 0 ? (
              <p className="text-sm text-muted-foreground">{copy.noCampaign}</p>
            ) : (
              <ul className="space-y-3">
                {recent.map((campaign) => (
                  <li key={campaign.id} className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">{campaign.name}</p>
                      <p className="text-xs text-muted-foreground">{emailCopy.campaigns.sent(campaign.sent_count, campaign.recipients_total)}</p>
                    </div>
                    <Badge variant={CAMPAIGN_STATE_VARIANT[campaign.status as CampaignStatus] ?? 'grey'}>{emailCopy.states[campaign.status as CampaignStatus] ?? campaign.status}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">{copy.perList}</h2>
          </CardHeader>
          <CardContent>
            {!lists.data?.length ? (
              <p className="text-sm text-muted-foreground">{copy.noList}</p>
            ) : (
              <ul className="space-y-3">
                {lists.data.map((list) => (
                  <li key={list.id} className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">{list.name}</p>
                      <p className="text-xs text-muted-foreground">{emailCopy.lists.optIn[list.opt_in]}</p>
                    </div>
                    <span className="text-sm font-semibold">{list.confirmed.toLocaleString('en-US')}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

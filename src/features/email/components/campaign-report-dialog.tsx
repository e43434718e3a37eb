import { ListStatus } from '@/components/module/list-status';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { emailCopy } from '@/config/email-copy';
import { REPORT_ROWS, useCampaignReport, type CampaignDelivery } from '@/features/email/api/get-campaign-report';
import type { EmailCampaign } from '@/features/email/api/get-email-campaigns';
import { rate } from '@/features/email/utils/email-rates';

const copy = emailCopy.report;

function engagement(delivery: CampaignDelivery): string {
  return [
    delivery.opened_at ? copy.opened : null,
    delivery.clicked_at ? copy.clicked : null,
    delivery.bounced_at ? `${copy.bounced} (${delivery.bounce_type ?? ''})` : null,
    delivery.complained_at ? copy.complained : null,
    delivery.unsubscribed_at ? copy.unsubscribed : null,
  ].filter(Boolean).join(', ');
}

/** A campaign's figures and each message's outcome with its SMTP answer (viewers read it too). */
export function CampaignReportDialog({ campaign, onClose }: { campaign: EmailCampaign; onClose(): void }) {
  const report = useCampaignReport(campaign.id, campaign.status === 'sending');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-4xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{copy.title(campaign.name)}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        {report.isPending ? (
          <ListStatus kind="loading" title={emailCopy.campaigns.loading} />
        ) : report.isError ? (
          <ListStatus kind="error" title={emailCopy.loadFailed} />
        ) : (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[
                [copy.sent, report.data.counts.sent.toLocaleString('en-US')],
                [copy.failed, report.data.counts.failed.toLocaleString('en-US')],
                [copy.unconfirmed, report.data.counts.unconfirmed.toLocaleString('en-US')],
                [copy.queued, report.data.counts.queued.toLocaleString('en-US')],
                [copy.bounced, report.data.counts.bounced.toLocaleString('en-US')],
                [copy.complained, report.data.counts.complained.toLocaleString('en-US')],
                [copy.opened, rate(report.data.counts.opened, report.data.counts.open_tracked) ?? copy.notTracked],
                [copy.clicked, rate(report.data.counts.clicked, report.data.counts.click_tracked) ?? copy.notTracked],
                [copy.unsubscribed, report.data.counts.unsubscribed.toLocaleString('en-US')],
              ].map(([label, value]) => (
                <div key={label} className="rounded-md border p-3">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
            {report.data.counts.unconfirmed > 0 ? <p className="text-xs text-muted-foreground">{copy.unconfirmedHint}</p> : null}
            <h3 className="text-sm font-semibold">{copy.deliveries}</h3>
            <ul className="divide-y text-sm">
              {report.data.deliveries.map((delivery) => (
                <li key={delivery.id} className="grid gap-1 py-2 sm:grid-cols-[2fr_1fr_3fr]">
                  <span className="break-all">{delivery.email}</span>
                  <span>{delivery.status}</span>
                  <span className="break-words text-muted-foreground">{[delivery.smtp_response, engagement(delivery)].filter(Boolean).join(' · ')}</span>
                </li>
              ))}
            </ul>
            {report.data.deliveries.length >= REPORT_ROWS ? <p className="text-xs text-muted-foreground">{copy.more(REPORT_ROWS)}</p> : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

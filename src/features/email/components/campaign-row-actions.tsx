import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { emailCopy } from '@/config/email-copy';
import { useChangeCampaignState } from '@/features/email/api/change-campaign-state';
import type { EmailCampaign } from '@/features/email/api/get-email-campaigns';
import { useChangeEmailCampaign } from '@/features/email/api/save-email-campaign';
import { useSendEmailTest } from '@/features/email/api/send-email-test';
import { campaignActions } from '@/features/email/utils/campaign-actions';
import { ScheduleDialog } from './schedule-dialog';

const copy = emailCopy.campaigns;

/** What each confirmation asks, and its button. */
const CONFIRMATIONS = {
  send: { title: copy.sendTitle, description: copy.sendDescription, confirmLabel: copy.sendNow },
  cancel: { title: copy.cancelTitle, description: copy.cancelDescription, confirmLabel: copy.cancel },
  delete: { title: copy.deleteTitle, description: copy.deleteDescription, confirmLabel: copy.delete },
} as const;

/** The buttons a campaign's state allows (campaignActions), with confirmations before sending at once, cancelling or deleting. */
export function CampaignRowActions({ campaign, canWrite, workerAlive, onEdit, onReport }: { campaign: EmailCampaign; canWrite: boolean; workerAlive: boolean; onEdit(): void; onReport(): void }) {
  const actions = campaignActions(campaign.status, { canWrite, workerAlive });
  const changeState = useChangeCampaignState();
  const change = useChangeEmailCampaign();
  const test = useSendEmailTest();
  const [confirming, setConfirming] = useState<keyof typeof CONFIRMATIONS | null>(null);
  const [isScheduling, setScheduling] = useState(false);
  const reportButton = useRef<HTMLButtonElement>(null);
  const label = (action: string) => `${action}: ${campaign.name}`;
  return (
    <div className="flex flex-wrap gap-2">
      {campaign.status !== 'draft' ? (
        <Button ref={reportButton} size="sm" variant="outline" onClick={onReport} aria-label={label(copy.report)}>
          {copy.report}
        </Button>
      ) : null}
      {actions.includes('edit') ? (
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={label(copy.edit)}>
          {copy.edit}
        </Button>
      ) : null}
      {actions.includes('test') ? (
        <Button size="sm" variant="outline" disabled={test.isPending} onClick={() => test.mutate({ campaignId: campaign.id })} aria-label={label(copy.sendTest)}>
          {copy.sendTest}
        </Button>
      ) : null}
      {actions.includes('schedule') ? (
        <Button size="sm" variant="outline" onClick={() => setScheduling(true)} aria-label={label(copy.schedule)}>
          {copy.schedule}
        </Button>
      ) : null}
      {actions.includes('send') ? (
        <Button size="sm" disabled={changeState.isPending} onClick={() => setConfirming('send')} aria-label={label(copy.sendNow)}>
          {copy.sendNow}
        </Button>
      ) : null}
      {(['unschedule', 'pause', 'resume'] as const).filter((action) => actions.includes(action)).map((action) => (
        <Button key={action} size="sm" variant="outline" disabled={changeState.isPending} onClick={() => changeState.mutate({ action, campaignId: campaign.id })} aria-label={label(copy[action])}>
          {copy[action]}
        </Button>
      ))}
      {actions.includes('cancel') ? (
        <Button size="sm" variant="outline" onClick={() => setConfirming('cancel')} aria-label={label(copy.cancel)}>
          {copy.cancel}
        </Button>
      ) : null}
      {actions.includes('delete') ? (
        <Button size="sm" variant="ghost" onClick={() => setConfirming('delete')} aria-label={label(copy.delete)}>
          {copy.delete}
        </Button>
      ) : null}
      {isScheduling ? <ScheduleDialog campaignId={campaign.id} onClose={() => setScheduling(false)} /> : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={CONFIRMATIONS[confirming ?? 'delete'].title}
        description={CONFIRMATIONS[confirming ?? 'delete'].description}
        confirmLabel={CONFIRMATIONS[confirming ?? 'delete'].confirmLabel}
        pendingLabel="..."
        cancelLabel={emailCopy.editor.cancel}
        isPending={changeState.isPending || change.isPending}
        onConfirm={() => {
          const done = { onSettled: () => setConfirming(null) };
          if (confirming === 'send' || confirming === 'cancel') changeState.mutate({ action: confirming, campaignId: campaign.id }, done);
          else if (confirming === 'delete') change.mutate({ op: 'delete', id: campaign.id }, done);
        }}
      />
    </div>
  );
}

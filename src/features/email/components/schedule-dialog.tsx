import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { emailCopy } from '@/config/email-copy';
import { useChangeCampaignState } from '@/features/email/api/change-campaign-state';
import { scheduleError, toLocalInputValue } from '@/features/email/utils/schedule-input';

const copy = emailCopy.campaigns;

/** Schedule a draft for a moment in the local time zone (an hour from now to start with). */
export function ScheduleDialog({ campaignId, onClose }: { campaignId: string; onClose(): void }) {
  const [value, setValue] = useState(() => toLocalInputValue(new Date(Date.now() + 60 * 60 * 1000)));
  const [error, setError] = useState<string | undefined>();
  const changeState = useChangeCampaignState();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = scheduleError(value, new Date());
    setError(problem ?? undefined);
    if (problem) return;
    changeState.mutate({ action: 'schedule', campaignId, at: new Date(value).toISOString() }, { onSuccess: onClose });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !changeState.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.scheduleTitle}</DialogTitle>
          <DialogDescription>{copy.scheduleHint}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <FormField label={copy.scheduleWhen} error={error}>
            <Input type="datetime-local" value={value} onChange={(event) => setValue(event.target.value)} />
          </FormField>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={changeState.isPending}>
              {emailCopy.editor.cancel}
            </Button>
            <Button type="submit" disabled={changeState.isPending}>
              {copy.schedule}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

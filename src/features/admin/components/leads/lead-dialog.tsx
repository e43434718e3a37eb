import { Mail } from 'lucide-react';
import { useState } from 'react';
import { OptionSelect } from '@/components/option-select';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { LEAD_NOTE_MAX_LENGTH, leadStatuses, type LeadStatus } from '@/config/lead-options';
import { leadsCopy } from '@/config/leads-copy';
import { useUpdateLead } from '@/features/admin/api/update-lead';
import type { Lead } from '@/features/admin/api/leads-query';
import { formatDateTime } from '@/lib/format';
import { mailtoLink } from '@/lib/mailto';

interface LeadDialogProps {
  lead: Lead;
  onClose(): void;
}

/** One lead read whole: who, the message, Reply (mailto:), and its status and internal note to save. */
export function LeadDialog({ lead, onClose }: LeadDialogProps) {
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [note, setNote] = useState(lead.note ?? '');
  const update = useUpdateLead();
  const isNoteTooLong = note.length > LEAD_NOTE_MAX_LENGTH;

  function handleSave() {
    if (isNoteTooLong || update.isPending) return;
    // On failure the dialog stays open with what was typed (the toast says why).
    update.mutate({ id: lead.id, status, note }, { onSuccess: onClose });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-words">{lead.name}</DialogTitle>
          <DialogDescription>{leadsCopy.dialogDescription(formatDateTime(lead.created_at))}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-muted-foreground">{leadsCopy.email}</dt>
          <dd className="break-all">{lead.email}</dd>
          {lead.company ? (
            <>
              <dt className="font-medium text-muted-foreground">{leadsCopy.company}</dt>
              <dd className="break-words">{lead.company}</dd>
            </>
          ) : null}
        </dl>
        <section aria-label={leadsCopy.message} className="max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-muted/30 p-3 text-sm">
          {lead.message}
        </section>
        <a href={mailtoLink(lead.email, leadsCopy.replySubject)} className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
          <Mail aria-hidden="true" />
          {leadsCopy.reply}
        </a>
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <FormField label={leadsCopy.status}>
            <OptionSelect<LeadStatus> value={status} options={leadStatuses} onChange={setStatus} disabled={update.isPending} />
          </FormField>
          <FormField label={leadsCopy.note} hint={leadsCopy.noteHint} error={isNoteTooLong ? leadsCopy.noteTooLong(LEAD_NOTE_MAX_LENGTH) : undefined}>
            <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} disabled={update.isPending} />
          </FormField>
        </div>
        <DialogFooter className="gap-2">
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            {leadsCopy.cancel}
          </Button>
          <Button onClick={handleSave} disabled={update.isPending || isNoteTooLong}>
            {update.isPending ? leadsCopy.saving : leadsCopy.save}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

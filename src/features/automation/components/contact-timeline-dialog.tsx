import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { automationRunsCopy } from '@/config/automation-runs-copy';
import { ContactTimeline } from '@/features/automation/components/contact-timeline';

interface ContactTimelineDialogProps {
  workspaceId: string;
  contact: { id: string; name: string };
  onClose(): void;
}

/** A contact's automation history in a dialog (opened from the contact in the Retention Center). */
export function ContactTimelineDialog({ workspaceId, contact, onClose }: ContactTimelineDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{automationRunsCopy.timelineTitle}</DialogTitle>
          <DialogDescription>{contact.name}</DialogDescription>
        </DialogHeader>
        <ContactTimeline workspaceId={workspaceId} contactId={contact.id} />
      </DialogContent>
    </Dialog>
  );
}

import { socialEditCopy } from '@/config/social-edit-copy';

/** What the person is told after saving changes: an approved post whose content changed waits for approval again. */
export function changesSavedMessage(before: string | null, after: string | null, isScheduled: boolean): string {
  if (after === 'awaiting') {
    return before === 'approved' ? socialEditCopy.changesSaved.approvalAgain : socialEditCopy.changesSaved.awaiting;
  }
  if (after === 'approved') return socialEditCopy.changesSaved.keepsApproval;
  return isScheduled ? socialEditCopy.changesSaved.scheduled : socialEditCopy.changesSaved.draft;
}

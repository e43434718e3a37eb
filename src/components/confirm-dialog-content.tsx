import { useRef, type ReactNode, type RefObject } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The question, e.g. 'Are you sure you want to delete this campaign?' */
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  isPending: boolean;
  onConfirm(): void;
  /**
   * Where focus goes when the dialog closes after the action ran: the button that opened it usually belongs to the
   * row the action removes. Cancelling returns focus to that button.
   */
  focusAfterConfirm?: RefObject<HTMLElement | null>;
  /** 'default' for a consequential change that destroys nothing (an access role). */
  confirmVariant?: 'destructive' | 'default';
}

/** The confirmation itself (Radix AlertDialog), loaded by `ConfirmDialog` (confirm-dialog.tsx) when it first opens. */
export function ConfirmDialogContent({ open, onOpenChange, title, description, confirmLabel, pendingLabel, cancelLabel, isPending, onConfirm, focusAfterConfirm, confirmVariant = 'destructive' }: ConfirmDialogProps) {
  const hasConfirmed = useRef(false);

  function handleConfirm() {
    hasConfirmed.current = true;
    onConfirm();
  }

  function handleCloseAutoFocus(event: Event) {
    const target = hasConfirmed.current ? focusAfterConfirm?.current : null;
    hasConfirmed.current = false;
    if (!target) return; // back to the button that opened it (AlertDialogContent)
    event.preventDefault();
    target.focus();
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))}>
      <AlertDialogContent onCloseAutoFocus={handleCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {description ? <AlertDialogDescription>{description}</AlertDialogDescription> : null}
        </AlertDialogHeader>
        <AlertDialogFooter className="gap-2">
          <AlertDialogCancel disabled={isPending}>{cancelLabel}</AlertDialogCancel>
          <Button variant={confirmVariant} onClick={handleConfirm} disabled={isPending} aria-busy={isPending || undefined}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

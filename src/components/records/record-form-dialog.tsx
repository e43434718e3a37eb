import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

export interface RecordFormDialogProps<Values, Errors extends object> {
  title: string;
  description: string;
  labels: { cancel: string; save: string; saving: string };
  initialValues: Values;
  /** The form's errors by field; empty when it may be saved. */
  validate(values: Values): Errors;
  /** Stores the values (the feature's create or update mutation); the dialog closes when it resolves. */
  save(values: Values): Promise<unknown>;
  isSaving: boolean;
  onClose(): void;
  children(form: { values: Values; errors: Errors; onChange(values: Values): void }): ReactNode;
}

/**
 * Create or edit one record. Mounted while open (the caller keys it by record), so it starts from the record's stored
 * values; the first invalid field gets focus; a failed save keeps it open with everything typed; it cannot be closed
 * while saving, and a double submit saves once.
 */
export function RecordFormDialog<Values, Errors extends object>({ title, description, labels, initialValues, validate, save, isSaving, onClose, children }: RecordFormDialogProps<Values, Errors>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Errors>({} as Errors);
  const formRef = useRef<HTMLFormElement>(null);
  const runOne = useOneAtATime();

  function handleOpenChange(open: boolean) {
    if (!open && !isSaving) onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    runOne(() => save(values).then(onClose));
  }

  return (
    <Dialog open onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={handleSubmit} aria-busy={isSaving || undefined} className="space-y-6">
          {children({ values, errors, onChange: setValues })}
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={isSaving}>
              {labels.cancel}
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving ? labels.saving : labels.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

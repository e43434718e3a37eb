import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { emailCopy } from '@/config/email-copy';
import { validateEmailForm, type EmailFormErrors } from '@/features/email/utils/email-form';
import type { EmailContent } from '@/lib/email-template/email-blocks';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { useWorkspace } from '@/lib/workspace';
import { EmailContentFields } from './email-content-fields';

export interface EmailEditorValues extends EmailContent {
  name: string;
}

interface EmailEditorDialogProps<Values extends EmailEditorValues> {
  title: string;
  nameLabel: string;
  initialValues: Values;
  save(values: Values): Promise<unknown>;
  isSaving: boolean;
  onClose(): void;
  /** Fields of the campaign (its lists, a template to start from) under the name. */
  extra?(form: { values: Values; errors: EmailFormErrors; onChange(values: Values): void }): ReactNode;
  validateExtra?(values: Values): EmailFormErrors;
}

/**
 * Write a template or a campaign: its name, the feature's own fields, then subject, preheader and blocks beside the
 * live preview. A failed save keeps everything typed; the first invalid field gets focus; one save at a time.
 */
export function EmailEditorDialog<Values extends EmailEditorValues>({ title, nameLabel, initialValues, save, isSaving, onClose, extra, validateExtra }: EmailEditorDialogProps<Values>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<EmailFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const runOne = useOneAtATime();
  const workspaceName = useWorkspace().current?.name ?? '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    const found = { ...validateEmailForm(values), ...validateExtra?.(values) };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus());
      return;
    }
    runOne(() => save(values).then(onClose));
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !isSaving && onClose()}>
      <DialogContent className="max-h-[95vh] max-w-6xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{emailCopy.editor.description}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={handleSubmit} aria-busy={isSaving || undefined} className="space-y-6">
          <FormField label={nameLabel} error={errors.name}>
            <Input value={values.name} maxLength={120} onChange={(event) => setValues({ ...values, name: event.target.value })} />
          </FormField>
          {extra?.({ values, errors, onChange: setValues })}
          <EmailContentFields content={values} errors={errors} workspaceName={workspaceName} onChange={(content) => setValues({ ...values, ...content })} />
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={isSaving}>
              {emailCopy.editor.cancel}
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving ? emailCopy.editor.saving : emailCopy.editor.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

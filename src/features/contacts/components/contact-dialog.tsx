import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { contactsCopy } from '@/config/contacts-copy';
import type { Contact } from '@/features/contacts/api/contacts-query';
import { useSaveContact } from '@/features/contacts/api/save-contact';
import { contactFormValues, emptyContactForm, readContactForm, type ContactFormErrors } from '@/features/contacts/utils/contact-form';
import { formatDateTime } from '@/lib/format';
import { ContactFormFields } from './contact-form-fields';

const copy = contactsCopy.dialog;

interface ContactDialogProps {
  /** null: a new contact. */
  contact: Contact | null;
  owners: readonly { value: string; label: string }[];
  onClose(): void;
}

/** Add or edit a contact. Errors show by their fields; a failed save keeps everything typed (the toast says why). */
export function ContactDialog({ contact, owners, onClose }: ContactDialogProps) {
  const [values, setValues] = useState(() => (contact ? contactFormValues(contact) : emptyContactForm()));
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const save = useSaveContact();

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const result = readContactForm(values, contact?.last_activity_at ?? null);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    save.mutate({ id: contact?.id, input: result.input }, { onSuccess: onClose });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <form onSubmit={handleSubmit} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>{contact ? copy.editTitle : copy.addTitle}</DialogTitle>
            <DialogDescription>{copy.description}</DialogDescription>
            {contact ? <p className="text-xs text-muted-foreground">{copy.stamps(formatDateTime(contact.created_at), formatDateTime(contact.updated_at))}</p> : null}
          </DialogHeader>
          <ContactFormFields values={values} errors={errors} owners={owners} disabled={save.isPending} onChange={setValues} />
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              {copy.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? copy.saving : copy.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { contentCopy } from '@/config/content-copy';
import { useCreateContentItem } from '@/features/content/api/create-content-item';
import { useUpdateContentItem } from '@/features/content/api/update-content-item';
import { ContentFormFields } from '@/features/content/components/content-form-fields';
import {
  contentFormValues,
  contentItemInput,
  validateContentForm,
  type ContentFormErrors,
  type ContentItem,
} from '@/features/content/utils/content-form';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

interface ContentDialogProps {
  /** The item to edit; null creates a new one (article, draft). */
  item: ContentItem | null;
  onClose(): void;
}

/**
 * Create or edit a content item. Mounted while open (the caller keys it by item), so it starts from the item's
 * stored values; a failed save keeps it open with everything typed, and it cannot be closed while saving.
 */
export function ContentDialog({ item, onClose }: ContentDialogProps) {
  const [values, setValues] = useState(() => contentFormValues(item));
  const [errors, setErrors] = useState<ContentFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateContentItem();
  const update = useUpdateContentItem();
  const isSaving = create.isPending || update.isPending;
  const runOne = useOneAtATime();

  function handleOpenChange(open: boolean) {
    if (!open && !isSaving) onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    const found = validateContentForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const input = contentItemInput(values);
    runOne(() => (item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input)).then(onClose));
  }

  return (
    <Dialog open onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{item ? contentCopy.dialogEditTitle : contentCopy.dialogCreateTitle}</DialogTitle>
          <DialogDescription>{contentCopy.dialogDescription}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={handleSubmit} aria-busy={isSaving || undefined} className="space-y-6">
          <ContentFormFields values={values} errors={errors} onChange={setValues} />
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={isSaving}>
              {contentCopy.cancel}
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving ? contentCopy.saving : contentCopy.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

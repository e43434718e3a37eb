import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { campaignCopy } from '@/config/campaign-copy';
import { useCreateCampaign } from '@/features/campaigns/api/create-campaign';
import { useUpdateCampaign } from '@/features/campaigns/api/update-campaign';
import { CampaignFormFields } from '@/features/campaigns/components/campaign-form-fields';
import {
  campaignFormValues,
  campaignInput,
  validateCampaignForm,
  type CampaignFormErrors,
  type Campaign,
} from '@/features/campaigns/utils/campaign-form';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

interface CampaignDialogProps {
  /** The campaign to edit; null creates a new advertising campaign (draft). */
  item: Campaign | null;
  onClose(): void;
}

/**
 * Create or edit an advertising campaign. Mounted while open (the caller keys it by item), so it starts from the item's
 * stored values; a failed save keeps it open with everything typed, and it cannot be closed while saving.
 */
export function CampaignDialog({ item, onClose }: CampaignDialogProps) {
  const [values, setValues] = useState(() => campaignFormValues(item));
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const isSaving = create.isPending || update.isPending;
  const runOne = useOneAtATime();

  function handleOpenChange(open: boolean) {
    if (!open && !isSaving) onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    const found = validateCampaignForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const input = campaignInput(values);
    runOne(() => (item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input)).then(onClose));
  }

  return (
    <Dialog open onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{item ? campaignCopy.dialogEditTitle : campaignCopy.dialogCreateTitle}</DialogTitle>
          <DialogDescription>{campaignCopy.dialogDescription}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={handleSubmit} aria-busy={isSaving || undefined} className="space-y-6">
          <CampaignFormFields values={values} errors={errors} onChange={setValues} />
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={isSaving}>
              {campaignCopy.cancel}
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving ? campaignCopy.saving : campaignCopy.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { RecordFormDialog } from '@/components/records/record-form-dialog';
import { campaignCopy } from '@/config/campaign-copy';
import { useCreateCampaign } from '@/features/campaigns/api/create-campaign';
import { useUpdateCampaign } from '@/features/campaigns/api/update-campaign';
import { CampaignFormFields } from '@/features/campaigns/components/campaign-form-fields';
import { campaignFormValues, campaignInput, validateCampaignForm, type Campaign } from '@/features/campaigns/utils/campaign-form';

interface CampaignDialogProps {
  /** The campaign to edit; null creates a new advertising campaign (draft). */
  item: Campaign | null;
  onClose(): void;
}

/** Create or edit an advertising campaign (the dialog's behaviour: RecordFormDialog). */
export function CampaignDialog({ item, onClose }: CampaignDialogProps) {
  const create = useCreateCampaign();
  const update = useUpdateCampaign();

  return (
    <RecordFormDialog
      title={item ? campaignCopy.dialogEditTitle : campaignCopy.dialogCreateTitle}
      description={campaignCopy.dialogDescription}
      labels={campaignCopy}
      initialValues={campaignFormValues(item)}
      validate={validateCampaignForm}
      save={(values) => {
        const input = campaignInput(values);
        return item ? update.mutateAsync({ id: item.id, input }) : create.mutateAsync(input);
      }}
      isSaving={create.isPending || update.isPending}
      onClose={onClose}
    >
      {({ values, errors, onChange }) => <CampaignFormFields values={values} errors={errors} onChange={onChange} />}
    </RecordFormDialog>
  );
}

import { FormField } from '@/components/ui/form-field';
import { automationCopy } from '@/config/automation-copy';
import { FieldSelect } from '@/features/automation/components/field-select';
import { useEmailCampaignNames } from '@/features/automation/api/get-email-names';

interface CampaignTriggerFieldProps {
  /** Null: any e-mail of the workspace. */
  campaignId: string | null;
  disabled: boolean;
  onChange(campaignId: string | null): void;
}

/** The campaign whose e-mails' opens or clicks start the workflow, or any e-mail of the workspace. */
export function CampaignTriggerField({ campaignId, disabled, onChange }: CampaignTriggerFieldProps) {
  const campaigns = useEmailCampaignNames();
  const options = campaigns.data ?? [];
  const chosenIsListed = campaignId === null || options.some((campaign) => campaign.id === campaignId);
  return (
    <FormField label={automationCopy.triggerCampaign} hint={campaigns.isError ? automationCopy.campaignsFailed : automationCopy.campaignNote}>
      <FieldSelect value={campaignId ?? ''} disabled={disabled} onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}>
        <option value="">{automationCopy.anyCampaign}</option>
        {options.map((campaign) => <option key={campaign.id} value={campaign.id}>{campaign.name}</option>)}
        {!chosenIsListed && !campaigns.isPending ? <option value={campaignId!}>{automationCopy.missingCampaign}</option> : null}
      </FieldSelect>
    </FormField>
  );
}

import { OptionSelect } from '@/components/option-select';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { campaignCopy } from '@/config/campaign-copy';
import { adCollateral, adPlatforms, campaignStatuses, executionMethods } from '@/config/campaign-options';
import { OptionCheckboxes } from '@/features/campaigns/components/option-checkboxes';
import type { CampaignFormErrors, CampaignFormValues } from '@/features/campaigns/utils/campaign-form';

interface CampaignFormFieldsProps {
  values: CampaignFormValues;
  errors: CampaignFormErrors;
  onChange(values: CampaignFormValues): void;
}

/** The campaign dialog's fields; limits mirror the database's checks. */
export function CampaignFormFields({ values, errors, onChange }: CampaignFormFieldsProps) {
  const set = <K extends keyof CampaignFormValues>(field: K, value: CampaignFormValues[K]) => onChange({ ...values, [field]: value });
  const { fields, hints, placeholders } = campaignCopy;
  return (
    <div className="space-y-4">
      <FormField
        label={
          <>
            {fields.title} <span aria-hidden="true" className="text-destructive">*</span>
          </>
        }
        error={errors.title}
      >
        <Input required maxLength={200} placeholder={placeholders.title} value={values.title} onChange={(event) => set('title', event.target.value)} />
      </FormField>
      <FormField label={fields.description}>
        <Textarea rows={3} maxLength={5000} value={values.description} onChange={(event) => set('description', event.target.value)} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={fields.status}>
          <OptionSelect value={values.status} options={campaignStatuses} onChange={(value) => set('status', value)} />
        </FormField>
        <FormField label={fields.budget} hint={hints.budget} error={errors.budget}>
          <Input
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            placeholder={placeholders.budget}
            value={values.budget}
            onChange={(event) => onChange({ ...values, budget: event.target.value, isBudgetUnreadable: event.target.validity.badInput })}
          />
        </FormField>
        <FormField label={fields.startDate}>
          <Input type="date" value={values.startDate} onChange={(event) => set('startDate', event.target.value)} />
        </FormField>
        <FormField label={fields.endDate} error={errors.endDate}>
          <Input type="date" min={values.startDate || undefined} value={values.endDate} onChange={(event) => set('endDate', event.target.value)} />
        </FormField>
      </div>
      <FormField label={fields.targetAudience}>
        <Textarea rows={2} maxLength={1000} placeholder={placeholders.targetAudience} value={values.targetAudience} onChange={(event) => set('targetAudience', event.target.value)} />
      </FormField>
      <FormField label={fields.goals}>
        <Textarea rows={2} maxLength={2000} placeholder={placeholders.goals} value={values.goals} onChange={(event) => set('goals', event.target.value)} />
      </FormField>
      <OptionCheckboxes legend={fields.executionMethods} options={executionMethods} selected={values.executionMethods} onChange={(next) => set('executionMethods', next)} />
      <OptionCheckboxes legend={fields.platforms} options={adPlatforms} selected={values.platforms} onChange={(next) => set('platforms', next)} />
      <OptionCheckboxes legend={fields.adCollateral} options={adCollateral} selected={values.adCollateral} onChange={(next) => set('adCollateral', next)} />
    </div>
  );
}

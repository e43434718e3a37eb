import { useState } from 'react';
import { toast } from '@/lib/toast';
import { OptionSelect } from '@/components/option-select';
import { RecordFormDialog } from '@/components/records/record-form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { adPlatforms } from '@/config/campaign-options';
import { resultsCopy } from '@/config/results-copy';
import { useSaveCampaignResult } from '@/features/campaigns/api/save-campaign-result';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { checkResultForm, emptyResultForm, type ResultFormErrors, type ResultFormValues } from '@/features/campaigns/utils/result-form';
import { describeResultsError } from '@/features/campaigns/utils/results-errors';
import { localDay } from '@/lib/periods';

const platformOptions = adPlatforms.map((platform) => ({ value: platform, label: platform }));
const figureFields = ['impressions', 'clicks', 'conversions', 'spend', 'revenue'] as const;

/** One day of results on one platform, typed by hand; checked like a CSV row, stored through the same import. */
export function ResultFormDialog({ campaign, onClose }: { campaign: Campaign; onClose(): void }) {
  const [today] = useState(localDay);
  const save = useSaveCampaignResult(campaign.id);

  async function handleSave(values: ResultFormValues) {
    const { input } = checkResultForm(values, today);
    if (!input) return;
    try {
      await save.mutateAsync(input);
      toast.success(resultsCopy.saved);
    } catch (error) {
      toast.error(resultsCopy.saveFailed, { description: describeResultsError(error) });
      throw error;
    }
  }

  return (
    <RecordFormDialog<ResultFormValues, ResultFormErrors>
      title={resultsCopy.formTitle(campaign.title)}
      description={resultsCopy.formDescription}
      labels={resultsCopy}
      initialValues={emptyResultForm(today)}
      validate={(values) => checkResultForm(values, today).errors}
      save={handleSave}
      isSaving={save.isPending}
      onClose={onClose}
    >
      {({ values, errors, onChange }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={resultsCopy.fields.day} error={errors.day}>
            <Input type="date" value={values.day} max={today} onChange={(event) => onChange({ ...values, day: event.target.value })} />
          </FormField>
          <FormField label={resultsCopy.fields.platform} error={errors.platform}>
            <OptionSelect value={values.platform} options={platformOptions} onChange={(platform) => onChange({ ...values, platform })} />
          </FormField>
          {figureFields.map((field) => (
            <FormField key={field} label={resultsCopy.fields[field]} error={errors[field]}>
              <Input inputMode="decimal" value={values[field]} placeholder="0" onChange={(event) => onChange({ ...values, [field]: event.target.value })} />
            </FormField>
          ))}
        </div>
      )}
    </RecordFormDialog>
  );
}

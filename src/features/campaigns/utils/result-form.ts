import { adPlatforms } from '@/config/campaign-options';
import { resultsCopy } from '@/config/results-copy';
import { checkRow } from '@/components/csv/validate-rows';
import { resultsCsvSchema, type CampaignResultInput } from '@/features/campaigns/utils/results-csv';

/** The fields of the one-day form: what is stored. */
type FormField = keyof CampaignResultInput;

/** The one-day results form as typed: every field is the input's text. */
export type ResultFormValues = Record<FormField, string>;
export type ResultFormErrors = Partial<Record<FormField, string>>;

export function emptyResultForm(today: string): ResultFormValues {
  return { day: today, platform: adPlatforms[0], impressions: '', clicks: '', conversions: '', spend: '', revenue: '' };
}

const FIELDS = Object.keys(resultsCopy.fields) as FormField[];

/**
 * Checks the form with the same rules as a CSV row (one schema for both), each message by its field.
 * Returns the errors, or the result to store.
 */
export function checkResultForm(values: ResultFormValues, today: string): { errors: ResultFormErrors; input: CampaignResultInput | null } {
  const schema = resultsCsvSchema(today);
  const mapping = Object.fromEntries(FIELDS.map((field) => [field, field]));
  const checked = checkRow({ headers: FIELDS }, FIELDS.map((field) => values[field]), mapping, schema);
  if (checked.ok) return { errors: {}, input: checked.value };
  const errors: ResultFormErrors = {};
  const labels = new Map(schema.fields.filter((field) => FIELDS.includes(field.key as FormField)).map((field) => [field.label, field.key as FormField]));
  for (const message of checked.messages) {
    const [label, ...rest] = message.split(': ');
    const key = labels.get(label ?? '');
    if (key && !errors[key]) errors[key] = rest.join(': ');
  }
  return { errors, input: null };
}

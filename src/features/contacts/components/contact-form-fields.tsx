import { OptionSelect } from '@/components/option-select';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { contactSources, lifecycleStages, type ContactSource, type LifecycleStage } from '@/config/contact-options';
import { contactsCopy } from '@/config/contacts-copy';
import type { ContactFormErrors, ContactFormValues } from '@/features/contacts/utils/contact-form';

const copy = contactsCopy.dialog;

interface ContactFormFieldsProps {
  values: ContactFormValues;
  errors: ContactFormErrors;
  owners: readonly { value: string; label: string }[];
  disabled: boolean;
  onChange(values: ContactFormValues): void;
}

/** The contact dialog's fields, two a row from `sm` on, each error by its field. */
export function ContactFormFields({ values, errors, owners, disabled, onChange }: ContactFormFieldsProps) {
  const set = <K extends keyof ContactFormValues>(key: K) => (value: ContactFormValues[K]) => onChange({ ...values, [key]: value });
  const text = (key: keyof ContactFormValues, label: string, props: { type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' | 'numeric' } = {}) => (
    <FormField label={label} error={errors[key]}>
      <Input value={values[key]} onChange={(event) => set(key)(event.target.value as never)} disabled={disabled} {...props} />
    </FormField>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('firstName', copy.firstName, { autoComplete: 'off' })}
      {text('lastName', copy.lastName, { autoComplete: 'off' })}
      {text('email', copy.email, { type: 'email', autoComplete: 'off', inputMode: 'email' })}
      {text('phone', copy.phone, { type: 'tel', autoComplete: 'off', inputMode: 'tel' })}
      {text('company', copy.company)}
      {text('jobTitle', copy.jobTitle)}
      <FormField label={copy.source}>
        <OptionSelect<ContactSource> value={values.source} options={contactSources} onChange={set('source')} disabled={disabled} />
      </FormField>
      <FormField label={copy.stage}>
        <OptionSelect<LifecycleStage> value={values.stage} options={lifecycleStages} onChange={set('stage')} disabled={disabled} />
      </FormField>
      <FormField label={copy.tags} hint={copy.tagsHint} error={errors.tags}>
        <Input value={values.tags} onChange={(event) => set('tags')(event.target.value)} disabled={disabled} />
      </FormField>
      <FormField label={copy.owner}>
        <OptionSelect value={values.owner} options={owners} onChange={set('owner')} disabled={disabled} />
      </FormField>
      <FormField label={copy.adjustment} hint={copy.adjustmentHint} error={errors.adjustment}>
        <Input type="number" min={-100} max={100} step={1} value={values.adjustment} onChange={(event) => set('adjustment')(event.target.value)} disabled={disabled} />
      </FormField>
      <FormField label={copy.lastActivity}>
        <Input type="date" value={values.lastActivity} onChange={(event) => set('lastActivity')(event.target.value)} disabled={disabled} />
      </FormField>
      <FormField label={copy.notes} error={errors.notes} className="sm:col-span-2">
        <Textarea value={values.notes} onChange={(event) => set('notes')(event.target.value)} rows={3} disabled={disabled} />
      </FormField>
    </div>
  );
}

import { RecordFormDialog } from '@/components/records/record-form-dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { OptionSelect } from '@/components/option-select';
import { emailCopy } from '@/config/email-copy';
import type { EmailList } from '@/features/email/api/get-email-lists';
import { useEmailTemplates } from '@/features/email/api/get-email-templates';
import { useChangeEmailList, type EmailListValues } from '@/features/email/api/save-email-list';

const copy = emailCopy.lists;

/** Create or edit a list: its name, opt-in, whether its form is open, and its welcome e-mail. */
export function ListDialog({ list, onClose }: { list: EmailList | null; onClose(): void }) {
  const change = useChangeEmailList();
  const templates = useEmailTemplates();
  const initial: EmailListValues = list
    ? { name: list.name, description: list.description ?? '', opt_in: list.opt_in, form_enabled: list.form_enabled, welcome_template_id: list.welcome_enabled ? list.welcome_template_id : null }
    : { name: '', description: '', opt_in: 'double', form_enabled: true, welcome_template_id: null };
  return (
    <RecordFormDialog<EmailListValues, { name?: string }>
      title={list ? copy.dialogEdit : copy.dialogNew}
      description={copy.dialogDescription}
      labels={{ cancel: emailCopy.editor.cancel, save: emailCopy.editor.save, saving: emailCopy.editor.saving }}
      initialValues={initial}
      validate={(values) => (values.name.trim() ? {} : { name: 'Give the list a name' })}
      save={(values) => change.mutateAsync({ op: 'save', id: list?.id ?? null, values })}
      isSaving={change.isPending}
      onClose={onClose}
    >
      {({ values, errors, onChange }) => (
        <div className="space-y-4">
          <FormField label={copy.name} error={errors.name}>
            <Input value={values.name} maxLength={100} onChange={(event) => onChange({ ...values, name: event.target.value })} />
          </FormField>
          <FormField label={copy.descriptionField}>
            <Textarea rows={2} value={values.description} maxLength={500} onChange={(event) => onChange({ ...values, description: event.target.value })} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={copy.optInField}>
              <OptionSelect<'single' | 'double'> value={values.opt_in} options={[{ value: 'double', label: copy.optIn.double }, { value: 'single', label: copy.optIn.single }]} onChange={(opt_in) => onChange({ ...values, opt_in })} />
            </FormField>
            <FormField label={copy.welcome} hint={copy.welcomeHint}>
              <OptionSelect<string>
                value={values.welcome_template_id ?? ''}
                options={[{ value: '', label: copy.noWelcome }, ...(templates.data ?? []).map((template) => ({ value: template.id, label: template.name }))]}
                onChange={(id) => onChange({ ...values, welcome_template_id: id || null })}
              />
            </FormField>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={values.form_enabled} onCheckedChange={(checked) => onChange({ ...values, form_enabled: checked === true })} />
            {copy.formEnabled}
          </label>
        </div>
      )}
    </RecordFormDialog>
  );
}

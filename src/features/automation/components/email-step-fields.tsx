import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { automationCopy } from '@/config/automation-copy';
import { paths } from '@/config/paths';
import { useEmailTemplateNames } from '@/features/automation/api/get-email-names';
import { FieldSelect } from '@/features/automation/components/field-select';
import { emailSourceOf, withEmailSource, type EmailSource } from '@/features/automation/utils/email-step';
import type { SendEmailStep } from '@/features/automation/utils/workflow-graph';

interface EmailStepFieldsProps {
  step: SendEmailStep;
  disabled: boolean;
  /** Where the step goes next (its target select). */
  next: ReactNode;
  onChange(step: SendEmailStep): void;
}

/** An e-mail step: an Email Platform template of the workspace, or a subject and text written here. */
export function EmailStepFields({ step, disabled, next, onChange }: EmailStepFieldsProps) {
  const templates = useEmailTemplateNames();
  const source = emailSourceOf(step);
  const list = templates.data ?? [];
  const chosenIsListed = list.some((template) => template.id === step.template_id);
  const templateHint = templates.isError
    ? automationCopy.templatesFailed
    : templates.isSuccess && list.length === 0
      ? <>{automationCopy.noTemplates} <Link className="underline" to={paths.marketing.email}>{automationCopy.openEmailPlatform}</Link></>
      : automationCopy.templateNote;

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={automationCopy.emailSource}>
        <FieldSelect
          value={source}
          disabled={disabled}
          onChange={(event) => onChange(withEmailSource(step, event.target.value as EmailSource, list.map((template) => template.id)))}
        >
          <option value="template">{automationCopy.emailSources.template}</option>
          <option value="inline">{automationCopy.emailSources.inline}</option>
        </FieldSelect>
      </FormField>
      {next}
      {source === 'template' ? (
        <FormField label={automationCopy.template} hint={templateHint} className="sm:col-span-2">
          <FieldSelect value={step.template_id ?? ''} disabled={disabled || templates.isPending} onChange={(event) => onChange({ ...step, template_id: event.target.value })}>
            <option value="" disabled>{templates.isPending ? automationCopy.loadingTemplates : automationCopy.chooseTemplate}</option>
            {list.map((template) => <option key={template.id} value={template.id}>{template.name}</option>)}
            {step.template_id && !chosenIsListed && !templates.isPending ? <option value={step.template_id}>{automationCopy.missingTemplate}</option> : null}
          </FieldSelect>
        </FormField>
      ) : (
        <>
          <FormField label={automationCopy.subject}>
            <Input value={step.subject ?? ''} disabled={disabled} maxLength={150} onChange={(event) => onChange({ ...step, subject: event.target.value })} />
          </FormField>
          <FormField label={automationCopy.body} hint={automationCopy.emailNote} className="sm:col-span-2">
            <Textarea value={step.body ?? ''} disabled={disabled} rows={4} onChange={(event) => onChange({ ...step, body: event.target.value })} />
          </FormField>
        </>
      )}
    </div>
  );
}

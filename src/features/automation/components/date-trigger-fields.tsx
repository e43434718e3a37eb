import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { automationCopy } from '@/config/automation-copy';
import { FieldSelect } from '@/features/automation/components/field-select';
import { CONTACT_DATE_FIELDS, type ContactDateField, type WorkflowTrigger } from '@/features/automation/utils/workflow-graph';

type DateTrigger = Extract<WorkflowTrigger, { type: 'date_reached' }>;

interface DateTriggerFieldsProps {
  trigger: DateTrigger;
  disabled: boolean;
  onChange(trigger: DateTrigger): void;
}

/** "A number of days after a date": the contact date counted from, and the days (the database checks 1 to 3650). */
export function DateTriggerFields({ trigger, disabled, onChange }: DateTriggerFieldsProps) {
  return (
    <>
      <FormField label={automationCopy.triggerDate}>
        <FieldSelect value={trigger.field} disabled={disabled} onChange={(event) => onChange({ ...trigger, field: event.target.value as ContactDateField })}>
          {CONTACT_DATE_FIELDS.map((field) => <option key={field} value={field}>{automationCopy.triggerDates[field]}</option>)}
        </FieldSelect>
      </FormField>
      <FormField label={automationCopy.triggerDays}>
        <Input type="number" min={1} max={3650} value={trigger.days} disabled={disabled} onChange={(event) => onChange({ ...trigger, days: Number(event.target.value) })} />
      </FormField>
    </>
  );
}

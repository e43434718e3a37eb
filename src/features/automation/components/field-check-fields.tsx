import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { automationCopy } from '@/config/automation-copy';
import { contactSources } from '@/config/contact-options';
import { FieldSelect } from '@/features/automation/components/field-select';
import {
  CONDITION_FIELD_KINDS,
  CONDITION_FIELDS,
  comparesWithValue,
  operatorsFor,
  withField,
  withOperator,
  type ConditionField,
  type FieldCheck,
  type FieldOperator,
} from '@/features/automation/utils/field-condition';

interface FieldCheckFieldsProps {
  check: FieldCheck;
  members: readonly { userId: string; name: string }[];
  disabled: boolean;
  onChange(check: FieldCheck): void;
}

/** A condition on one of the contact's fields: the field, how it compares (the operators fit for it), and the value. */
export function FieldCheckFields({ check, members, disabled, onChange }: FieldCheckFieldsProps) {
  const kind = CONDITION_FIELD_KINDS[check.field];
  const setValue = (value: string | number) => onChange({ ...check, value });
  return (
    <>
      <FormField label={automationCopy.conditionField}>
        <FieldSelect value={check.field} disabled={disabled} onChange={(event) => onChange(withField(check, event.target.value as ConditionField))}>
          {CONDITION_FIELDS.map((field) => <option key={field} value={field}>{automationCopy.conditionFields[field]}</option>)}
        </FieldSelect>
      </FormField>
      <FormField label={automationCopy.conditionOperator}>
        <FieldSelect value={check.op} disabled={disabled} onChange={(event) => onChange(withOperator(check, event.target.value as FieldOperator))}>
          {operatorsFor(check.field).map((op) => <option key={op} value={op}>{automationCopy.conditionOperators[op]}</option>)}
        </FieldSelect>
      </FormField>
      {comparesWithValue(check.op) ? (
        <FormField label={automationCopy.conditionValue}>
          {kind === 'member' ? (
            <FieldSelect value={String(check.value ?? '')} disabled={disabled} onChange={(event) => setValue(event.target.value)}>
              <option value="">{automationCopy.chooseMember}</option>
              {check.value && !members.some((member) => member.userId === check.value) ? <option value={String(check.value)}>{automationCopy.formerMember}</option> : null}
              {members.map((member) => <option key={member.userId} value={member.userId}>{member.name}</option>)}
            </FieldSelect>
          ) : kind === 'choice' ? (
            <FieldSelect value={String(check.value ?? '')} disabled={disabled} onChange={(event) => setValue(event.target.value)}>
              {contactSources.map((source) => <option key={source.value} value={source.value}>{source.label}</option>)}
            </FieldSelect>
          ) : kind === 'number' ? (
            <Input type="number" min={0} max={100} value={check.value ?? ''} disabled={disabled} onChange={(event) => setValue(Number(event.target.value))} />
          ) : (
            <Input value={check.value ?? ''} disabled={disabled} maxLength={120} onChange={(event) => setValue(event.target.value)} />
          )}
        </FormField>
      ) : null}
    </>
  );
}

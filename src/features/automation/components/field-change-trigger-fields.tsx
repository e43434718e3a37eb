import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { automationCopy } from '@/config/automation-copy';
import { FieldSelect } from '@/features/automation/components/field-select';
import { CONTACT_TRIGGER_FIELDS, STAGE_OPTIONS, type ContactTriggerField, type WorkflowTrigger } from '@/features/automation/utils/workflow-graph';
import { useWorkspaceMembers } from '@/lib/workspace-members';

type FieldChangedTrigger = Extract<WorkflowTrigger, { type: 'field_changed' }>;

interface FieldChangeTriggerFieldsProps {
  trigger: FieldChangedTrigger;
  disabled: boolean;
  onChange(trigger: FieldChangedTrigger): void;
}

const stageLabel = (stage: string) => stage.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

/** "A contact field changes": which field, and the new value that starts the workflow (or any). */
export function FieldChangeTriggerFields({ trigger, disabled, onChange }: FieldChangeTriggerFieldsProps) {
  const members = useWorkspaceMembers().data ?? [];
  const setTo = (value: string) => onChange({ ...trigger, to: value === '' ? null : value });
  return (
    <>
      <FormField label={automationCopy.triggerField}>
        <FieldSelect value={trigger.field} disabled={disabled} onChange={(event) => onChange({ ...trigger, field: event.target.value as ContactTriggerField, to: null })}>
          {CONTACT_TRIGGER_FIELDS.map((field) => <option key={field} value={field}>{automationCopy.triggerFields[field]}</option>)}
        </FieldSelect>
      </FormField>
      <FormField label={automationCopy.triggerTo} hint={trigger.field === 'company' || trigger.field === 'job_title' ? automationCopy.triggerToHint : undefined}>
        {trigger.field === 'lifecycle_stage' || trigger.field === 'owner_id' ? (
          <FieldSelect value={trigger.to ?? ''} disabled={disabled} onChange={(event) => setTo(event.target.value)}>
            <option value="">{automationCopy.anyValue}</option>
            {trigger.field === 'lifecycle_stage'
              ? STAGE_OPTIONS.map((stage) => <option key={stage} value={stage}>{stageLabel(stage)}</option>)
              : members.map((member) => (
                  <option key={member.userId} value={member.userId}>{[member.firstName, member.lastName].filter(Boolean).join(' ') || member.email}</option>
                ))}
          </FieldSelect>
        ) : (
          <Input value={trigger.to ?? ''} disabled={disabled} maxLength={120} onChange={(event) => setTo(event.target.value)} />
        )}
      </FormField>
    </>
  );
}

import { automationCopy } from '@/config/automation-copy';
import { FieldSelect } from '@/features/automation/components/field-select';
import { describeStep } from '@/features/automation/utils/step-list';
import type { WorkflowStep } from '@/features/automation/utils/workflow-graph';
import { FormField } from '@/components/ui/form-field';

interface StepTargetSelectProps {
  label: string;
  value: string | null;
  steps: readonly WorkflowStep[];
  /** The step whose way out this is (not offered as its own target). */
  from: string;
  disabled: boolean;
  onChange(next: string | null): void;
}

/** Where a way out of a step leads: any other step of the workflow, by its position, id and what it does. */
export function StepTargetSelect({ label, value, steps, from, disabled, onChange }: StepTargetSelectProps) {
  return (
    <FormField label={label}>
      <FieldSelect value={value ?? ''} disabled={disabled} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{automationCopy.choose}</option>
        {steps.map((step, index) =>
          step.id === from ? null : (
            <option key={step.id} value={step.id}>
              {`${index + 1}. ${describeStep(step)} (${step.id})`}
            </option>
          ),
        )}
      </FieldSelect>
    </FormField>
  );
}

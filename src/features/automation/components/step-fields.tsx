import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { automationCopy } from '@/config/automation-copy';
import { EmailStepFields } from '@/features/automation/components/email-step-fields';
import { CheckFields } from '@/features/automation/components/condition-check-fields';
import { FieldSelect } from '@/features/automation/components/field-select';
import { NotifyStepFields, OwnerStepFields } from '@/features/automation/components/people-step-fields';
import { StepTargetSelect } from '@/features/automation/components/step-target-select';
import { WebhookStepFields } from '@/features/automation/components/webhook-step-fields';
import { WaitStepFields } from '@/features/automation/components/wait-step-fields';
import { STAGE_OPTIONS, type WorkflowStep } from '@/features/automation/utils/workflow-graph';

const stageLabel = (stage: string) => stage.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

interface StepFieldsProps {
  step: WorkflowStep;
  steps: readonly WorkflowStep[];
  members: readonly { userId: string; name: string }[];
  disabled: boolean;
  onChange(step: WorkflowStep): void;
}

/** The settings of one step, by its kind, and where its ways out lead. */
export function StepFields({ step, steps, members, disabled, onChange }: StepFieldsProps) {
  const target = (label: string, value: string | null, set: (next: string | null) => void) => (
    <StepTargetSelect label={label} value={value} steps={steps} from={step.id} disabled={disabled} onChange={set} />
  );
  switch (step.type) {
    case 'end':
      return null;
    case 'condition':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <CheckFields check={step.check} members={members} disabled={disabled} onChange={(check) => onChange({ ...step, check })} />
          {target(automationCopy.yes, step.yes, (yes) => onChange({ ...step, yes }))}
          {target(automationCopy.no, step.no, (no) => onChange({ ...step, no }))}
        </div>
      );
    case 'split':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {step.branches.map((branch, index) => (
            <div key={index} className="contents">
              <FormField label={automationCopy.branch(index + 1)}>
                <Input type="number" min={1} max={99} value={branch.share} disabled={disabled}
                  onChange={(event) => onChange({ ...step, branches: step.branches.map((entry, at) => (at === index ? { ...entry, share: Number(event.target.value) } : entry)) })} />
              </FormField>
              {target(automationCopy.branchNext(index + 1), branch.next, (next) => onChange({ ...step, branches: step.branches.map((entry, at) => (at === index ? { ...entry, next } : entry)) }))}
            </div>
          ))}
        </div>
      );
  }
  const next = target(automationCopy.next, step.next, (value) => onChange({ ...step, next: value }));
  switch (step.type) {
    case 'wait':
      return <WaitStepFields step={step} disabled={disabled} next={next} onChange={onChange} />;
    case 'add_tag':
    case 'remove_tag':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={automationCopy.tag}>
            <Input value={step.tag} disabled={disabled} maxLength={50} onChange={(event) => onChange({ ...step, tag: event.target.value })} />
          </FormField>
          {next}
        </div>
      );
    case 'set_stage':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={automationCopy.stage}>
            <FieldSelect value={step.stage} disabled={disabled} onChange={(event) => onChange({ ...step, stage: event.target.value as (typeof STAGE_OPTIONS)[number] })}>
              {STAGE_OPTIONS.map((stage) => <option key={stage} value={stage}>{stageLabel(stage)}</option>)}
            </FieldSelect>
          </FormField>
          {next}
        </div>
      );
    case 'adjust_score':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={automationCopy.points}>
            <Input type="number" min={-100} max={100} value={step.points} disabled={disabled} onChange={(event) => onChange({ ...step, points: Number(event.target.value) })} />
          </FormField>
          {next}
        </div>
      );
    case 'notify':
      return <NotifyStepFields step={step} members={members} disabled={disabled} next={next} onChange={onChange} />;
    case 'webhook':
      return <WebhookStepFields step={step} disabled={disabled} next={next} onChange={onChange} />;
    case 'set_owner':
      return <OwnerStepFields step={step} members={members} disabled={disabled} next={next} onChange={onChange} />;
    case 'send_email':
      return <EmailStepFields step={step} disabled={disabled} next={next} onChange={onChange} />;
  }
}

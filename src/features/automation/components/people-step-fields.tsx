import { useId, type ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { automationCopy } from '@/config/automation-copy';
import { FieldSelect } from '@/features/automation/components/field-select';
import type { WorkflowStep } from '@/features/automation/utils/workflow-graph';

type NotifyStep = Extract<WorkflowStep, { type: 'notify' }>;
type OwnerStep = Extract<WorkflowStep, { type: 'set_owner' }>;

interface PeopleFieldsProps<Step> {
  step: Step;
  members: readonly { userId: string; name: string }[];
  disabled: boolean;
  next: ReactNode;
  onChange(step: Step): void;
}

/** "Notify a team member": who (a member, or the contact's owner), the notice, and whether it also goes by e-mail. */
export function NotifyStepFields({ step, members, disabled, next, onChange }: PeopleFieldsProps<NotifyStep>) {
  const emailId = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={automationCopy.member}>
        <FieldSelect value={step.member} disabled={disabled} onChange={(event) => onChange({ ...step, member: event.target.value })}>
          <option value="owner">{automationCopy.contactOwner}</option>
          {members.map((member) => <option key={member.userId} value={member.userId}>{member.name}</option>)}
        </FieldSelect>
      </FormField>
      {next}
      <FormField label={automationCopy.message} className="sm:col-span-2">
        <Input value={step.message} disabled={disabled} maxLength={500} onChange={(event) => onChange({ ...step, message: event.target.value })} />
      </FormField>
      <div className="flex items-center gap-2 sm:col-span-2">
        <Checkbox id={emailId} checked={step.email === true} disabled={disabled} onCheckedChange={(checked) => onChange({ ...step, email: checked === true })} />
        <Label htmlFor={emailId}>{automationCopy.notifyByEmail}</Label>
      </div>
    </div>
  );
}

/** "Change owner": the member of the workspace who becomes the contact's owner. */
export function OwnerStepFields({ step, members, disabled, next, onChange }: PeopleFieldsProps<OwnerStep>) {
  const known = step.member === '' || members.some((member) => member.userId === step.member);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={automationCopy.newOwner}>
        <FieldSelect value={step.member} disabled={disabled} onChange={(event) => onChange({ ...step, member: event.target.value })}>
          <option value="" disabled>{automationCopy.chooseMember}</option>
          {known ? null : <option value={step.member}>{automationCopy.formerMember}</option>}
          {members.map((member) => <option key={member.userId} value={member.userId}>{member.name}</option>)}
        </FieldSelect>
      </FormField>
      {next}
    </div>
  );
}

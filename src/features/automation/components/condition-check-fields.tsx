import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { automationCopy } from '@/config/automation-copy';
import { FieldCheckFields } from '@/features/automation/components/field-check-fields';
import { FieldSelect } from '@/features/automation/components/field-select';
import { ListTriggerField } from '@/features/automation/components/list-trigger-field';
import { blankFieldCheck } from '@/features/automation/utils/field-condition';
import { BAND_OPTIONS, ENGAGEMENT_EVENTS, STAGE_OPTIONS, type ConditionCheck, type EngagementEvent } from '@/features/automation/utils/workflow-graph';

const stageLabel = (stage: string) => stage.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

/** A new check of that kind, with its settings at their first choice. */
export function blankCheck(kind: ConditionCheck['kind']): ConditionCheck {
  switch (kind) {
    case 'tag':
      return { kind, tag: '' };
    case 'band':
      return { kind, band: 'hot' };
    case 'stage':
      return { kind, stage: 'lead' };
    case 'list':
      return { kind, list_id: '' };
    case 'email_engagement':
      return { kind, event: 'opened', days: 30 };
    case 'has_email':
      return { kind };
    case 'field':
      return blankFieldCheck('company');
  }
}

interface CheckFieldsProps {
  check: ConditionCheck;
  /** The workspace's members, for a check of the contact's owner. */
  members: readonly { userId: string; name: string }[];
  disabled: boolean;
  onChange(check: ConditionCheck): void;
}

/** What a condition step checks of the contact: the kind, and that kind's settings, each a labelled native control. */
export function CheckFields({ check, members, disabled, onChange }: CheckFieldsProps) {
  return (
    <>
      <FormField label={automationCopy.check}>
        <FieldSelect value={check.kind} disabled={disabled} onChange={(event) => onChange(blankCheck(event.target.value as ConditionCheck['kind']))}>
          {Object.entries(automationCopy.checks).map(([kind, label]) => <option key={kind} value={kind}>{label}</option>)}
        </FieldSelect>
      </FormField>
      {check.kind === 'tag' ? (
        <FormField label={automationCopy.tag}>
          <Input value={check.tag} disabled={disabled} maxLength={50} onChange={(event) => onChange({ kind: 'tag', tag: event.target.value })} />
        </FormField>
      ) : null}
      {check.kind === 'band' ? (
        <FormField label={automationCopy.triggerBand}>
          <FieldSelect value={check.band} disabled={disabled} onChange={(event) => onChange({ kind: 'band', band: event.target.value as (typeof BAND_OPTIONS)[number] })}>
            {BAND_OPTIONS.map((band) => <option key={band} value={band}>{band}</option>)}
          </FieldSelect>
        </FormField>
      ) : null}
      {check.kind === 'stage' ? (
        <FormField label={automationCopy.stage}>
          <FieldSelect value={check.stage} disabled={disabled} onChange={(event) => onChange({ kind: 'stage', stage: event.target.value as (typeof STAGE_OPTIONS)[number] })}>
            {STAGE_OPTIONS.map((stage) => <option key={stage} value={stage}>{stageLabel(stage)}</option>)}
          </FieldSelect>
        </FormField>
      ) : null}
      {check.kind === 'list' ? (
        <ListTriggerField listId={check.list_id} disabled={disabled} note={automationCopy.conditionListNote} onChange={(listId) => onChange({ kind: 'list', list_id: listId })} />
      ) : null}
      {check.kind === 'email_engagement' ? (
        <>
          <FormField label={automationCopy.engagementEvent}>
            <FieldSelect value={check.event} disabled={disabled} onChange={(event) => onChange({ ...check, event: event.target.value as EngagementEvent })}>
              {ENGAGEMENT_EVENTS.map((event) => <option key={event} value={event}>{automationCopy.engagementEvents[event]}</option>)}
            </FieldSelect>
          </FormField>
          <FormField label={automationCopy.engagementDays}>
            <Input type="number" min={1} max={365} value={check.days} disabled={disabled} onChange={(event) => onChange({ ...check, days: Number(event.target.value) })} />
          </FormField>
        </>
      ) : null}
      {check.kind === 'field' ? <FieldCheckFields check={check} members={members} disabled={disabled} onChange={onChange} /> : null}
    </>
  );
}

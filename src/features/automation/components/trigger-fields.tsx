import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { automationCopy } from '@/config/automation-copy';
import { FieldSelect } from '@/features/automation/components/field-select';
import { DateTriggerFields } from '@/features/automation/components/date-trigger-fields';
import { FieldChangeTriggerFields } from '@/features/automation/components/field-change-trigger-fields';
import { CampaignTriggerField } from '@/features/automation/components/campaign-trigger-field';
import { ListTriggerField } from '@/features/automation/components/list-trigger-field';
import { triggerOfType } from '@/features/automation/utils/trigger';
import { BAND_OPTIONS, type WorkflowGraph, type WorkflowTrigger } from '@/features/automation/utils/workflow-graph';

interface TriggerFieldsProps {
  graph: WorkflowGraph;
  readOnly: boolean;
  /** The database's sentence when the trigger is what stops publishing. */
  error?: string;
  onChange(graph: WorkflowGraph): void;
}

/** What starts the workflow, and whether a contact may go through it again. */
export function TriggerFields({ graph, readOnly, error, onChange }: TriggerFieldsProps) {
  const { trigger } = graph;
  const setTrigger = (next: WorkflowTrigger) => onChange({ ...graph, trigger: next });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={automationCopy.trigger} error={error} hint={trigger.type === 'form_submitted' ? automationCopy.formNote : undefined}>
        <FieldSelect
          value={trigger.type}
          disabled={readOnly}
          onChange={(event) => {
            const type = event.target.value as WorkflowTrigger['type'];
            setTrigger(triggerOfType(type));
          }}
        >
          {Object.entries(automationCopy.triggers).map(([type, label]) => <option key={type} value={type}>{label}</option>)}
        </FieldSelect>
      </FormField>
      {trigger.type === 'tag_added' ? (
        <FormField label={automationCopy.triggerTag}>
          <Input value={trigger.tag} disabled={readOnly} maxLength={50} onChange={(event) => setTrigger({ type: 'tag_added', tag: event.target.value })} />
        </FormField>
      ) : null}
      {trigger.type === 'tag_removed' ? (
        <FormField label={automationCopy.triggerTag} hint={automationCopy.anyTagHint}>
          <Input value={trigger.tag ?? ''} disabled={readOnly} maxLength={50} onChange={(event) => setTrigger({ type: 'tag_removed', tag: event.target.value.trim() === '' ? null : event.target.value })} />
        </FormField>
      ) : null}
      {trigger.type === 'score_band_entered' ? (
        <FormField label={automationCopy.triggerBand}>
          <FieldSelect value={trigger.band} disabled={readOnly} onChange={(event) => setTrigger({ type: 'score_band_entered', band: event.target.value as (typeof BAND_OPTIONS)[number] })}>
            {BAND_OPTIONS.map((band) => <option key={band} value={band}>{band}</option>)}
          </FieldSelect>
        </FormField>
      ) : null}
      {trigger.type === 'list_subscribed' ? (
        <ListTriggerField listId={trigger.list_id} disabled={readOnly} onChange={(listId) => setTrigger({ type: 'list_subscribed', list_id: listId })} />
      ) : null}
      {trigger.type === 'email_opened' || trigger.type === 'email_clicked' ? (
        <CampaignTriggerField campaignId={trigger.campaign_id} disabled={readOnly} onChange={(campaignId) => setTrigger({ type: trigger.type, campaign_id: campaignId })} />
      ) : null}
      {trigger.type === 'date_reached' ? <DateTriggerFields trigger={trigger} disabled={readOnly} onChange={setTrigger} /> : null}
      {trigger.type === 'field_changed' ? <FieldChangeTriggerFields trigger={trigger} disabled={readOnly} onChange={setTrigger} /> : null}
      <FormField label={automationCopy.enrollment}>
        <FieldSelect value={graph.enrollment} disabled={readOnly} onChange={(event) => onChange({ ...graph, enrollment: event.target.value as WorkflowGraph['enrollment'] })}>
          {Object.entries(automationCopy.enrollments).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </FieldSelect>
      </FormField>
    </div>
  );
}

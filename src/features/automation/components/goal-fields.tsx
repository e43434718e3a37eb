import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { automationCopy } from '@/config/automation-copy';
import { FieldSelect } from '@/features/automation/components/field-select';
import { goalKindOf, goalOfKind, type GoalKind } from '@/features/automation/utils/goal';
import { STAGE_OPTIONS, type WorkflowGraph } from '@/features/automation/utils/workflow-graph';

const stageLabel = (stage: string) => stage.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

interface GoalFieldsProps {
  graph: WorkflowGraph;
  readOnly: boolean;
  /** The database's sentence when the goal is what stops publishing. */
  error?: string;
  onChange(graph: WorkflowGraph): void;
}

/** The workflow's goal: met by a contact (a lifecycle stage reached, a tag added), its run exits as a conversion. */
export function GoalFields({ graph, readOnly, error, onChange }: GoalFieldsProps) {
  const goal = graph.goal ?? null;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={automationCopy.goal} hint={automationCopy.goalNote} error={error}>
        <FieldSelect value={goalKindOf(goal)} disabled={readOnly} onChange={(event) => onChange({ ...graph, goal: goalOfKind(event.target.value as GoalKind) })}>
          {Object.entries(automationCopy.goals).map(([kind, label]) => <option key={kind} value={kind}>{label}</option>)}
        </FieldSelect>
      </FormField>
      {goal?.kind === 'stage' ? (
        <FormField label={automationCopy.goalStage}>
          <FieldSelect value={goal.stage} disabled={readOnly} onChange={(event) => onChange({ ...graph, goal: { kind: 'stage', stage: event.target.value as (typeof STAGE_OPTIONS)[number] } })}>
            {STAGE_OPTIONS.map((stage) => <option key={stage} value={stage}>{stageLabel(stage)}</option>)}
          </FieldSelect>
        </FormField>
      ) : null}
      {goal?.kind === 'tag' ? (
        <FormField label={automationCopy.goalTag}>
          <Input value={goal.tag} disabled={readOnly} maxLength={50} onChange={(event) => onChange({ ...graph, goal: { kind: 'tag', tag: event.target.value } })} />
        </FormField>
      ) : null}
    </div>
  );
}

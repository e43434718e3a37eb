import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { automationCopy } from '@/config/automation-copy';
import { automationGraphCopy } from '@/config/automation-graph-copy';
import { FieldSelect } from '@/features/automation/components/field-select';
import { StepFields } from '@/features/automation/components/step-fields';
import { waysOf, type Way } from '@/features/automation/utils/graph-ways';
import { STEP_TYPES, type StepType, type WorkflowStep } from '@/features/automation/utils/workflow-graph';

interface GraphStepPanelProps {
  /** The selected step; null: the trigger. */
  step: WorkflowStep | null;
  steps: readonly WorkflowStep[];
  summary: string;
  members: readonly { userId: string; name: string }[];
  readOnly: boolean;
  onAdd(way: Way, type: StepType): void;
  onRemove(): void;
  onChange(step: WorkflowStep): void;
}

/** The graph's selected box: add a step on one of its ways out, remove it, and its settings (the step list's fields). */
export function GraphStepPanel({ step, steps, summary, members, readOnly, onAdd, onRemove, onChange }: GraphStepPanelProps) {
  const [kind, setKind] = useState<StepType>('send_email');
  const ways = step ? waysOf(step) : [{ way: 'next' as Way, target: null, label: null }];
  const [chosenWay, setWay] = useState<Way>(ways[0]?.way ?? 'next');
  const way = ways.some((candidate) => candidate.way === chosenWay) ? chosenWay : (ways[0]?.way ?? 'next');

  return (
    <section aria-labelledby="graph-step-title" className="space-y-3 rounded-md border p-3">
      <h3 id="graph-step-title" className="font-medium">
        <span className="text-muted-foreground">{step ? automationGraphCopy.stepTitle(step.id) : automationGraphCopy.triggerTitle}: </span>
        {summary}
      </h3>
      {step ? null : <p className="text-sm text-muted-foreground">{automationGraphCopy.triggerNote}</p>}
      {readOnly ? null : ways.length === 0 ? (
        <p className="text-sm text-muted-foreground">{automationGraphCopy.endNote}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <FormField label={automationCopy.addAs} className="min-w-40 flex-1">
            <FieldSelect value={kind} onChange={(event) => setKind(event.target.value as StepType)}>
              {STEP_TYPES.map((type) => <option key={type} value={type}>{automationCopy.stepTypes[type]}</option>)}
            </FieldSelect>
          </FormField>
          {ways.length > 1 ? (
            <FormField label={automationGraphCopy.onWay} className="min-w-32 flex-1">
              <FieldSelect value={way} onChange={(event) => setWay(event.target.value as Way)}>
                {ways.map((option) => <option key={option.way} value={option.way}>{option.label}</option>)}
              </FieldSelect>
            </FormField>
          ) : null}
          <Button type="button" onClick={() => onAdd(way, kind)}>{automationGraphCopy.addHere}</Button>
        </div>
      )}
      {step ? (
        <>
          <StepFields step={step} steps={steps} members={members} disabled={readOnly} onChange={onChange} />
          {readOnly ? null : <Button type="button" variant="outline" onClick={onRemove}>{automationGraphCopy.remove}</Button>}
        </>
      ) : null}
    </section>
  );
}

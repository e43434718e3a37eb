import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { automationCopy } from '@/config/automation-copy';
import { useEmailTemplateNames } from '@/features/automation/api/get-email-names';
import { FieldSelect } from '@/features/automation/components/field-select';
import { StepFields } from '@/features/automation/components/step-fields';
import type { PublishProblem } from '@/features/automation/utils/publish-error';
import { describeStep, insertStep, moveStep, removeStep, replaceStep } from '@/features/automation/utils/step-list';
import { STEP_TYPES, type StepType, type WorkflowGraph } from '@/features/automation/utils/workflow-graph';
import { cn } from '@/lib/utils';

interface StepListEditorProps {
  graph: WorkflowGraph;
  members: readonly { userId: string; name: string }[];
  readOnly: boolean;
  problem: PublishProblem | null;
  onChange(graph: WorkflowGraph): void;
}

/**
 * The workflow as an ordered list of steps, every control a native one: read and edited with the keyboard and a
 * screen reader. Each step says what it does and where it leads, and its fields are a group named by it (every step
 * has a "Then go to"); a step the database refused to publish carries the reason, and takes the focus.
 */
export function StepListEditor({ graph, members, readOnly, problem, onChange }: StepListEditorProps) {
  const [kind, setKind] = useState<StepType>('send_email');
  const idPrefix = useId();
  const templates = useEmailTemplateNames().data;
  const templateNames = useMemo(() => new Map((templates ?? []).map((template) => [template.id, template.name])), [templates]);
  const [after, setAfter] = useState(graph.steps.length - 1);
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  // The step whose heading takes the focus after the next render (one added, moved, or refused): once.
  const pendingFocus = useRef<string | null>(null);
  const setFocusId = (id: string | null) => {
    pendingFocus.current = id;
  };

  useEffect(() => {
    if (problem?.stepId) headings.current.get(problem.stepId)?.focus();
  }, [problem]);
  useEffect(() => {
    if (!pendingFocus.current) return;
    headings.current.get(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  const add = () => {
    const inserted = insertStep(graph, Math.min(after, graph.steps.length - 1), kind);
    onChange(inserted.graph);
    setAfter(Math.min(after, graph.steps.length - 1) + 1);
    setFocusId(inserted.id);
  };

  return (
    <section aria-labelledby="automation-steps-title" className="space-y-3">
      <h3 id="automation-steps-title" className="text-lg font-semibold">{automationCopy.stepsTitle}</h3>
      <ol className="space-y-3">
        {graph.steps.map((step, index) => {
          const position = index + 1;
          const fault = problem?.stepId === step.id ? problem : null;
          return (
            <li key={step.id} className={cn('rounded-md border bg-background p-3', fault && 'border-destructive')} aria-invalid={fault ? true : undefined}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h4
                  id={`${idPrefix}-${step.id}`}
                  ref={(element) => {
                    if (element) headings.current.set(step.id, element);
                    else headings.current.delete(step.id);
                  }}
                  tabIndex={-1}
                  className="font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="text-muted-foreground">{automationCopy.stepLabel(position, step.id)}:</span>{' '}
                  {describeStep(step, templateNames)}
                </h4>
                {readOnly ? null : (
                  <div className="flex gap-1">
                    <Button type="button" variant="ghost" size="icon" aria-label={automationCopy.moveUp(position)} disabled={index === 0}
                      onClick={() => { onChange(moveStep(graph, step.id, -1)); setFocusId(step.id); }}>
                      <ArrowUp className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <Button type="button" variant="ghost" size="icon" aria-label={automationCopy.moveDown(position)} disabled={index === graph.steps.length - 1}
                      onClick={() => { onChange(moveStep(graph, step.id, 1)); setFocusId(step.id); }}>
                      <ArrowDown className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <Button type="button" variant="ghost" size="icon" aria-label={automationCopy.remove(position)}
                      onClick={() => { onChange(removeStep(graph, step.id)); setFocusId(graph.steps[index - 1]?.id ?? graph.steps[index + 1]?.id ?? null); }}>
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </div>
              {fault ? <p role="alert" className="mt-1 text-sm font-medium text-destructive">{fault.message}</p> : null}
              {/* The step's fields as a group named by its heading: a screen reader on "Tag" hears which step's tag. */}
              <div className="mt-3" role="group" aria-labelledby={`${idPrefix}-${step.id}`}>
                <StepFields step={step} steps={graph.steps} members={members} disabled={readOnly} onChange={(changed) => onChange(replaceStep(graph, changed))} />
              </div>
            </li>
          );
        })}
      </ol>
      {readOnly ? null : (
        <div className="flex flex-wrap items-end gap-3 rounded-md border border-dashed p-3">
          <FormField label={automationCopy.addAs} className="min-w-48 flex-1">
            <FieldSelect value={kind} onChange={(event) => setKind(event.target.value as StepType)}>
              {STEP_TYPES.map((type) => <option key={type} value={type}>{automationCopy.stepTypes[type]}</option>)}
            </FieldSelect>
          </FormField>
          <FormField label={automationCopy.addWhere} className="min-w-48 flex-1">
            <FieldSelect value={Math.min(after, graph.steps.length - 1)} onChange={(event) => setAfter(Number(event.target.value))}>
              <option value={-1}>{automationCopy.atStart}</option>
              {graph.steps.map((step, index) => <option key={step.id} value={index}>{`${index + 1}. ${describeStep(step, templateNames)}`}</option>)}
            </FieldSelect>
          </FormField>
          <Button type="button" onClick={add}>{automationCopy.add}</Button>
        </div>
      )}
    </section>
  );
}

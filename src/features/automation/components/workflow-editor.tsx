import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ViewSwitch } from '@/components/ui/view-switch';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { automationCopy } from '@/config/automation-copy';
import type { Workflow } from '@/features/automation/api/get-workflows';
import { usePublishWorkflow } from '@/features/automation/api/publish-workflow';
import { useSaveWorkflowDraft } from '@/features/automation/api/save-workflow-draft';
import { GoalFields } from '@/features/automation/components/goal-fields';
import { StepListEditor } from '@/features/automation/components/step-list-editor';
import { TriggerFields } from '@/features/automation/components/trigger-fields';
import { publishProblemOf, type PublishProblem } from '@/features/automation/utils/publish-error';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';
import { useWorkspaceMembers } from '@/lib/workspace-members';

// The graph view brings React Flow (and its CSS): loaded when it is first opened, never with the page.
const WorkflowGraphView = lazy(() => import('@/features/automation/components/workflow-graph-view'));

interface WorkflowEditorProps {
  workflow: Workflow;
  readOnly: boolean;
  onClose(): void;
}

/**
 * A workflow's trigger and steps, edited as a list or as a graph — one draft graph, so switching keeps every change
 * (its draft, or its published version when it has none). Save
 * keeps a draft; Publish saves and publishes it, and a refusal marks the step at fault. Closing with unsaved
 * edits asks first.
 */
export function WorkflowEditor({ workflow, readOnly, onClose }: WorkflowEditorProps) {
  const initial = (workflow.draft ?? workflow.published)!.graph;
  const [graph, setGraph] = useState<WorkflowGraph>(initial);
  const [dirty, setDirty] = useState(false);
  const [problem, setProblem] = useState<PublishProblem | null>(null);
  const [view, setView] = useState<'steps' | 'graph'>('steps');
  const save = useSaveWorkflowDraft();
  const publish = usePublishWorkflow();
  const members = useWorkspaceMembers().data ?? [];
  const busy = save.isPending || publish.isPending;
  const memberNames = members.map((member) => ({ userId: member.userId, name: [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email }));

  const change = (next: WorkflowGraph) => {
    setGraph(next);
    setDirty(true);
  };
  const close = () => {
    if (busy) return;
    if (dirty && !readOnly && !window.confirm(automationCopy.discardChanges)) return;
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{readOnly ? automationCopy.viewerTitle(workflow.name) : automationCopy.editorTitle(workflow.name)}</DialogTitle>
          <DialogDescription>{automationCopy.editorDescription}</DialogDescription>
        </DialogHeader>
        <div className="space-y-6">
          <TriggerFields graph={graph} readOnly={readOnly} error={problem && !problem.stepId && problem.problem !== 'goal_invalid' ? problem.message : undefined} onChange={change} />
          <GoalFields graph={graph} readOnly={readOnly} error={problem?.problem === 'goal_invalid' ? problem.message : undefined} onChange={change} />
          <ViewSwitch<'steps' | 'graph'>
            label={automationCopy.viewLabel}
            views={(['steps', 'graph'] as const).map((option) => ({ value: option, label: automationCopy.views[option] }))}
            value={view}
            onChange={setView}
          />
          {view === 'graph' ? (
            <Suspense fallback={<p className="text-sm text-muted-foreground">{automationCopy.graphLoading}</p>}>
              <WorkflowGraphView graph={graph} readOnly={readOnly} problem={problem} members={memberNames} onChange={change} onShowSteps={() => setView('steps')} />
            </Suspense>
          ) : (
            <StepListEditor graph={graph} readOnly={readOnly} problem={problem} members={memberNames} onChange={change} />
          )}
        </div>
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" onClick={close} disabled={busy}>{automationCopy.close}</Button>
          {readOnly ? null : (
            <>
              <Button type="button" variant="secondary" disabled={busy}
                onClick={() => save.mutate({ workflowId: workflow.id, graph }, { onSuccess: () => setDirty(false) })}>
                {automationCopy.save}
              </Button>
              <Button type="button" disabled={busy}
                onClick={() => {
                  setProblem(null);
                  publish.mutate({ workflowId: workflow.id, graph }, {
                    onSuccess: () => { setDirty(false); onClose(); },
                    onError: (error) => {
                      const refused = publishProblemOf(error);
                      // A refused graph was saved as the draft first; any other failure may have lost the save.
                      if (refused) setDirty(false);
                      setProblem(refused);
                    },
                  });
                }}>
                {automationCopy.publish}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

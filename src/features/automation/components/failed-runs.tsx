import { useState } from 'react';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { automationRunsCopy } from '@/config/automation-runs-copy';
import { useFailedRuns, type FailedRun } from '@/features/automation/api/get-failed-runs';
import { useRetryEnrollment } from '@/features/automation/api/retry-enrollment';
import { describeStep } from '@/features/automation/utils/step-list';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';

interface FailedRunsProps {
  workspaceId: string;
  workflowId: string;
  graph: WorkflowGraph | null;
  canWrite: boolean;
}

/** A workflow's failed runs with the step and its error; members retry one after a confirmation. */
export function FailedRuns({ workspaceId, workflowId, graph, canWrite }: FailedRunsProps) {
  const runs = useFailedRuns(workspaceId, workflowId);
  const retry = useRetryEnrollment();
  const [confirming, setConfirming] = useState<FailedRun | null>(null);
  const stepName = (id: string | null) => {
    const step = graph?.steps.find((entry) => entry.id === id);
    return step ? describeStep(step) : (id ?? '');
  };
  return (
    <section aria-label={automationRunsCopy.failedTitle} className="space-y-2">
      <h4 className="text-sm font-medium">{automationRunsCopy.failedTitle}</h4>
      {runs.isPending ? <p className="text-sm text-muted-foreground">{automationRunsCopy.failedLoading}</p> : null}
      {runs.isError ? <p role="alert" className="text-sm text-destructive">{automationRunsCopy.failedLoadFailed}</p> : null}
      {runs.data && !runs.data.length ? <p className="text-sm text-muted-foreground">{automationRunsCopy.noneFailed}</p> : null}
      {runs.data?.length ? (
        <ul className="space-y-2">
          {runs.data.map((run) => (
            <li key={run.enrollmentId} className="flex flex-wrap items-start justify-between gap-2 rounded-md border p-2 text-sm">
              <div className="min-w-0 space-y-0.5">
                <p className="font-medium">{run.contactName}</p>
                <p className="text-muted-foreground">
                  {automationRunsCopy.failedAt(stepName(run.stepId))}
                  {run.failedAt ? ` · ${new Date(run.failedAt).toLocaleString('en-US')}` : ''}
                </p>
                {run.error ? <p className="break-words text-destructive">{run.error}</p> : null}
              </div>
              {canWrite ? (
                <Button type="button" variant="outline" size="sm" disabled={retry.isPending} onClick={() => setConfirming(run)}>
                  {automationRunsCopy.retry}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{automationRunsCopy.retryTitle(confirming?.contactName ?? '')}</AlertDialogTitle>
            <AlertDialogDescription>{automationRunsCopy.retryDescription}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{automationRunsCopy.cancel}</AlertDialogCancel>
            <AlertDialogAction onClick={() => confirming && retry.mutate({ enrollmentId: confirming.enrollmentId, contactName: confirming.contactName })}>
              {automationRunsCopy.retry}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { automationCopy } from '@/config/automation-copy';
import type { WorkflowCounts } from '@/features/automation/api/get-workflow-counts';
import type { Workflow } from '@/features/automation/api/get-workflows';
import { useDeleteWorkflow } from '@/features/automation/api/delete-workflow';
import { useSetWorkflowPaused } from '@/features/automation/api/set-workflow-paused';
import { WorkflowCountsView } from '@/features/automation/components/workflow-counts';

/** Failed runs with Retry (its confirmation is Radix AlertDialog): shown only when a workflow has failures (issue 33). */
const FailedRuns = lazy(() => import('@/features/automation/components/failed-runs').then((module) => ({ default: module.FailedRuns })));

/** The editor (Radix Dialog with its scroll lock and focus trap, the step forms) loads when it is opened (issue 33). */
const WorkflowEditor = lazy(() => import('@/features/automation/components/workflow-editor').then((module) => ({ default: module.WorkflowEditor })));

/** "Enroll contacts…" (its filter and count) loads when it is opened. */
const EnrollContactsDialog = lazy(() => import('@/features/automation/components/enroll-contacts-dialog').then((module) => ({ default: module.EnrollContactsDialog })));

const STATUS_VARIANT = { draft: 'grey', published: 'green', paused: 'yellow' } as const;

/** One workflow: its status, its runs, and (for members) edit, pause or resume, delete after a confirmation. */
export function WorkflowCard({ workflow, counts, canWrite }: { workflow: Workflow; counts?: WorkflowCounts; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [enrolling, setEnrolling] = useState(false);
  const paused = useSetWorkflowPaused();
  const remove = useDeleteWorkflow();
  const status = workflow.status as keyof typeof STATUS_VARIANT;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="min-w-0 space-y-1">
          <CardTitle className="break-words text-lg">{workflow.name}</CardTitle>
          <div className="flex flex-wrap gap-2">
            <Badge variant={STATUS_VARIANT[status] ?? 'grey'}>{automationCopy.status[status] ?? status}</Badge>
            {workflow.published && workflow.draft ? <Badge variant="outline">{automationCopy.unpublishedChanges}</Badge> : null}
            {/* A paused workflow's runs in flight hold before their next step until it is resumed. */}
            {status === 'paused' && counts?.active ? <Badge variant="outline">{automationCopy.onHold(counts.active)}</Badge> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>{canWrite ? automationCopy.edit : automationCopy.view}</Button>
          {canWrite && workflow.published ? (
            <Button type="button" variant="outline" size="sm" disabled={paused.isPending}
              onClick={() => paused.mutate({ workflowId: workflow.id, paused: workflow.status !== 'paused' })}>
              {workflow.status === 'paused' ? automationCopy.resume : automationCopy.pause}
            </Button>
          ) : null}
          {canWrite && workflow.status === 'published' ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setEnrolling(true)}>{automationCopy.enrollContacts}</Button>
          ) : null}
          {canWrite ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>{automationCopy.delete}</Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        <WorkflowCountsView counts={counts} graph={(workflow.published ?? workflow.draft)?.graph ?? null} />
        {counts?.failed ? (
          <Suspense fallback={null}>
            <FailedRuns workspaceId={workflow.organization_id} workflowId={workflow.id} graph={(workflow.published ?? workflow.draft)?.graph ?? null} canWrite={canWrite} />
          </Suspense>
        ) : null}
      </CardContent>
      {editing ? (
        <Suspense fallback={null}>
          <WorkflowEditor workflow={workflow} readOnly={!canWrite} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      {enrolling ? (
        <Suspense fallback={null}>
          <EnrollContactsDialog workspaceId={workflow.organization_id} workflowId={workflow.id} workflowName={workflow.name} onClose={() => setEnrolling(false)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={automationCopy.deleteTitle(workflow.name)}
        description={automationCopy.deleteDescription}
        confirmLabel={automationCopy.delete}
        pendingLabel={automationCopy.deleting}
        cancelLabel={automationCopy.cancel}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(workflow.id, { onSettled: () => setConfirming(false) })}
      />
    </Card>
  );
}

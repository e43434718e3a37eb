import { Play, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { jobsCopy } from '@/config/jobs-copy';
import type { BackgroundJob } from '@/features/admin/api/get-background-jobs';
import type { JobChange } from '@/features/admin/api/change-background-job';
import { formatDateTime } from '@/lib/format';
import { cancelConsequence, jobActions, jobAttemptsText, jobMomentLabel, jobStateBadge, taskLabel } from './jobs.utils';

interface JobCardProps {
  job: BackgroundJob;
  isBusy: boolean;
  /** Resolves when the change is done (or failed: the mutation's toast said so). */
  onChange(change: JobChange): Promise<unknown>;
}

/** One job: task, state, key, attempts, when, its last error; retry / run now and cancel / dismiss (asked first). */
export function JobCard({ job, isBusy, onChange }: JobCardProps) {
  const task = taskLabel(job.task);
  const badge = jobStateBadge(job.state);
  const actions = jobActions(job.state);
  const moment = job.state === 'failed' ? job.updated_at : job.run_at;
  const isDismiss = actions.cancel === 'dismiss';
  const cancel = cancelConsequence(job.task);
  const [isConfirming, setConfirming] = useState(false);
  const [isCancelling, setCancelling] = useState(false);

  async function handleCancel() {
    setCancelling(true);
    await onChange({ id: job.id, action: 'cancel', done: isDismiss ? jobsCopy.dismissed : cancel.done });
    setCancelling(false);
    setConfirming(false);
  }
  return (
    <li className="rounded-lg border bg-card p-4 shadow-sm" data-testid="background-job">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">{task}</h3>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {job.job_key ? (
          <>
            <dt className="text-muted-foreground">{jobsCopy.fields.key}</dt>
            <dd className="break-all font-mono text-xs">{job.job_key}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{jobsCopy.fields.attempts}</dt>
        <dd>{jobAttemptsText(job)}</dd>
        {moment ? (
          <>
            <dt className="text-muted-foreground">{jobMomentLabel(job.state)}</dt>
            <dd>{formatDateTime(moment)}</dd>
          </>
        ) : null}
        {job.last_error ? (
          <>
            <dt className="text-muted-foreground">{jobsCopy.fields.error}</dt>
            <dd className="whitespace-pre-wrap break-words text-red-800">{job.last_error}</dd>
          </>
        ) : null}
      </dl>
      {actions.retry || actions.cancel ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {actions.retry ? (
            <Button
              size="sm"
              variant="outline"
              disabled={isBusy}
              aria-label={actions.retry === 'retry' ? jobsCopy.retryLabel(task) : jobsCopy.runNowLabel(task)}
              onClick={() => void onChange({ id: job.id, action: 'retry', done: actions.retry === 'retry' ? jobsCopy.retried : jobsCopy.ranNow })}
            >
              {actions.retry === 'retry' ? <RotateCcw aria-hidden="true" /> : <Play aria-hidden="true" />}
              {actions.retry === 'retry' ? jobsCopy.retry : jobsCopy.runNow}
            </Button>
          ) : null}
          {actions.cancel ? (
            <>
              <Button size="sm" variant="outline" disabled={isBusy} aria-label={isDismiss ? jobsCopy.dismissLabel(task) : jobsCopy.cancelLabel(task)} onClick={() => setConfirming(true)}>
                <X aria-hidden="true" />
                {isDismiss ? jobsCopy.dismiss : jobsCopy.cancel}
              </Button>
              <ConfirmDialog
                open={isConfirming}
                onOpenChange={setConfirming}
                title={isDismiss ? jobsCopy.confirmDismissTitle : jobsCopy.confirmCancelTitle}
                description={isDismiss ? jobsCopy.confirmDismissDescription(task) : cancel.description}
                confirmLabel={isDismiss ? jobsCopy.dismiss : jobsCopy.cancel}
                pendingLabel={jobsCopy.changing}
                cancelLabel={jobsCopy.keep}
                isPending={isCancelling}
                onConfirm={() => void handleCancel()}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

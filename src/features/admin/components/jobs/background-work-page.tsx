import { useState } from 'react';
import { OptionSelect } from '@/components/option-select';
import { FormField } from '@/components/ui/form-field';
import { jobsCopy } from '@/config/jobs-copy';
import { useChangeBackgroundJob } from '@/features/admin/api/change-background-job';
import { useBackgroundJobs } from '@/features/admin/api/get-background-jobs';
import { useBackgroundWorkSummary, type BackgroundWorkSummary } from '@/features/admin/api/get-background-work-summary';
import { AdminPageHeader } from '../admin-page-header';
import { LoadingLine, QueryError } from '../query-state';
import { JobCard } from './job-card';
import { jobStateOptions, type JobState, type JobStateFilter } from './jobs.utils';

const SUMMARY_STATES: JobState[] = ['failed', 'retrying', 'running', 'queued', 'scheduled'];

/** The figures: jobs by state and the workers running, with a word when no worker runs. */
function Summary({ summary }: { summary: BackgroundWorkSummary }) {
  const notice = !summary.queue_installed ? jobsCopy.summary.noQueue : summary.workers === 0 ? jobsCopy.summary.noWorker : null;
  return (
    <section aria-labelledby="job-summary-heading" className="space-y-3">
      <h2 id="job-summary-heading" className="sr-only">
        {jobsCopy.summary.heading}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {SUMMARY_STATES.map((state) => (
          <div key={state} className="rounded-lg border bg-card p-3">
            <dt className="text-sm text-muted-foreground">{jobsCopy.states[state]}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid={`job-count-${state}`}>
              {summary[state]}
            </dd>
          </div>
        ))}
        <div className="rounded-lg border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{jobsCopy.summary.workers}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="job-workers">
            {summary.workers}
          </dd>
        </div>
      </dl>
      {notice ? <p className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">{notice}</p> : null}
    </section>
  );
}

/**
 * /admin/jobs: the job runner's work — figures by state, then the jobs of a state (failed first), each with its last
 * error; site admins retry or cancel what is not running. Both reload every few seconds.
 */
export function BackgroundWorkPage() {
  const [state, setState] = useState<JobStateFilter>('all');
  const summary = useBackgroundWorkSummary();
  const jobs = useBackgroundJobs(state);
  const change = useChangeBackgroundJob();
  const rows = jobs.data ?? [];

  return (
    <main className="space-y-6">
      <AdminPageHeader title={jobsCopy.title}>
        <p>{jobsCopy.description}</p>
      </AdminPageHeader>
      {summary.isPending ? null : summary.isError ? (
        <QueryError message={jobsCopy.loadFailed} error={summary.error} onRetry={() => void summary.refetch()} />
      ) : summary.data ? (
        <Summary summary={summary.data} />
      ) : null}
      <FormField label={jobsCopy.stateFilterLabel} className="sm:w-60">
        <OptionSelect<JobStateFilter> value={state} options={jobStateOptions} onChange={setState} />
      </FormField>
      {jobs.isPending ? (
        <LoadingLine>{jobsCopy.loading}</LoadingLine>
      ) : jobs.isError ? (
        <QueryError message={jobsCopy.loadFailed} error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{jobsCopy.empty[state]}</p>
      ) : (
        <section aria-labelledby="job-list-heading" aria-busy={jobs.isPlaceholderData} className="space-y-3">
          <h2 id="job-list-heading" className="text-lg font-semibold">
            {jobsCopy.listHeading}
          </h2>
          <ul className="space-y-3">
            {rows.map((job) => (
              <JobCard key={job.id} job={job} isBusy={change.isPending} onChange={(next) => change.mutateAsync(next).catch(() => {})} />
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

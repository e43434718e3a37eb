import { jobsCopy } from '@/config/jobs-copy';

export const JOB_STATE_FILTERS = ['all', 'failed', 'retrying', 'running', 'queued', 'scheduled'] as const;
export type JobStateFilter = (typeof JOB_STATE_FILTERS)[number];
export type JobState = Exclude<JobStateFilter, 'all'>;

export const jobStateOptions = JOB_STATE_FILTERS.map((value) => ({ value, label: jobsCopy.states[value] }));

/** A state's badge colour: failed red, retrying yellow, running blue, waiting grey. */
export function jobStateBadge(state: string): { label: string; variant: 'red' | 'yellow' | 'blue' | 'grey' } {
  const label = jobsCopy.states[state as JobState] ?? state;
  if (state === 'failed') return { label, variant: 'red' };
  if (state === 'retrying') return { label, variant: 'yellow' };
  if (state === 'running') return { label, variant: 'blue' };
  return { label, variant: 'grey' };
}

/** A task's name in words (its identifier when the page does not know it: a newer worker's task). */
export function taskLabel(task: string): string {
  return jobsCopy.tasks[task] ?? task;
}

export interface JobActions {
  /** 'retry' for a failed job, 'run-now' for one waiting, null for a running one. */
  retry: 'retry' | 'run-now' | null;
  /** 'dismiss' for a failed job, 'cancel' for one waiting, null for a running one. */
  cancel: 'cancel' | 'dismiss' | null;
}

/** What a site admin may do with a job in a state: nothing while it runs. */
export function jobActions(state: string): JobActions {
  if (state === 'failed') return { retry: 'retry', cancel: 'dismiss' };
  if (state === 'retrying' || state === 'queued' || state === 'scheduled') return { retry: 'run-now', cancel: 'cancel' };
  return { retry: null, cancel: null };
}

/** The moment a row shows: when a failed job failed, when any other runs (or ran). */
export function jobMomentLabel(state: string): string {
  return state === 'failed' ? jobsCopy.fields.failedAt : jobsCopy.fields.runAt;
}

/** Attempts as a job shows them; a repeating job's failure counts the runs that failed in a row instead. */
export function jobAttemptsText(job: { job_key: string | null; state: string; attempts: number; max_attempts: number }): string {
  if (job.state === 'failed' && job.job_key?.startsWith('repeat:')) return jobsCopy.failedRuns(job.attempts);
  return jobsCopy.attempts(job.attempts, job.max_attempts);
}

/** What cancelling a waiting job does, asked before it happens: a publication's job unschedules its item too. */
export function cancelConsequence(task: string): { description: string; done: string } {
  if (task === 'publish_content') return { description: jobsCopy.confirmCancelPublicationDescription, done: jobsCopy.cancelledPublication };
  return { description: jobsCopy.confirmCancelDescription(taskLabel(task)), done: jobsCopy.cancelled };
}

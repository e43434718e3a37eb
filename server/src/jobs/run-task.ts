import type { JobHelpers, Task } from 'graphile-worker';
import { type z } from 'zod';
import type { Sql } from '../db/client';
import { loadTask, PermanentJobError, type JobLog, type JobServices, type TaskSource } from './define-task';
import { enqueueJobByName } from './enqueue-job';
import { repeatingJobKey, repeatingJobs } from './schedules';

/** The first problem of a refused payload, in one line: `workspace_id: Invalid UUID`. */
export function describePayloadError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid payload';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Keeps a job that will not run again by itself among the failures a site admin sees (private.failed_jobs). */
async function recordFailure(sql: Sql, helpers: JobHelpers, reason: string): Promise<void> {
  const job = helpers.job;
  const payload = (job.payload ?? {}) as never;
  await sql`
    insert into private.failed_jobs (task, payload, job_key, workspace_id, attempts, max_attempts, last_error, queued_at)
    values (${job.task_identifier}, ${sql.json(payload)}, ${job.key}, private.payload_workspace(${sql.json(payload)}),
      ${job.attempts}, ${job.max_attempts}, ${reason.slice(0, 2000)}, ${job.created_at})`;
}

/**
 * A repeating job's failure, kept where a site admin sees it: one open failure per repeating task (its key), whose
 * attempts count the runs that failed in a row and whose error is the last one. The next run that succeeds closes it
 * as recovered (resolveRepeatingFailure). One row, however long it keeps failing: its next run is seconds away.
 */
async function recordRepeatingFailure(sql: Sql, helpers: JobHelpers, key: string, maxAttempts: number, reason: string): Promise<void> {
  const error = reason.slice(0, 2000);
  const updated = await sql`
    update private.failed_jobs set attempts = attempts + 1, last_error = ${error}, failed_at = now()
    where job_key = ${key} and resolution is null`;
  if (updated.count > 0) return;
  await sql`
    insert into private.failed_jobs (task, payload, job_key, workspace_id, attempts, max_attempts, last_error, queued_at)
    values (${helpers.job.task_identifier}, '{}'::jsonb, ${key}, null, 1, ${maxAttempts}, ${error}, ${helpers.job.created_at})`;
}

async function resolveRepeatingFailure(sql: Sql, key: string): Promise<void> {
  await sql`update private.failed_jobs set resolution = 'recovered', resolved_at = now() where job_key = ${key} and resolution is null`;
}

/**
 * A task definition as graphile-worker runs it: the payload checked first (refused: failed at once, no retries),
 * then the handler; an error retries the job with graphile-worker's backoff, unless it is a PermanentJobError or the
 * last attempt, when the job is kept in private.failed_jobs instead and leaves the queue. Repeating tasks queue
 * their next run whatever the outcome; their failures are not retried but kept as one open failure per task, closed
 * by the next run that succeeds.
 */
export function toGraphileTask(source: TaskSource, services: JobServices, log: JobLog, poolId: () => string | null): Task {
  const repeat = repeatingJobs.find((entry) => entry.task === source.name);
  return async (rawPayload, helpers) => {
    const { job } = helpers;
    const jobLog: JobLog = {
      info: (message) => log.info(`[job ${job.id} ${job.task_identifier}] ${message}`),
      warn: (message) => log.warn(`[job ${job.id} ${job.task_identifier}] ${message}`),
      error: (message) => log.error(`[job ${job.id} ${job.task_identifier}] ${message}`),
    };
    // The task's module, loaded by its first job (a module that cannot load fails this attempt: retried as any error).
    const definition = await loadTask(source);
    try {
      const parsed = definition.payload.safeParse(rawPayload);
      if (!parsed.success) {
        const reason = `refused payload: ${describePayloadError(parsed.error)}`;
        jobLog.error(reason);
        await recordFailure(services.sql, helpers, reason);
        return;
      }
      const repeating = repeat && repeat.everySeconds(services) > 0 ? repeatingJobKey(definition.name) : null;
      try {
        await definition.run(parsed.data, {
          ...services,
          job: { id: job.id, task: job.task_identifier, key: job.key, attempts: job.attempts, maxAttempts: job.max_attempts, runAt: job.run_at, lockedAt: job.locked_at, poolId: poolId() },
          log: jobLog,
          signal: helpers.abortSignal,
        });
        if (repeating) await resolveRepeatingFailure(services.sql, repeating);
      } catch (error) {
        // A repeating job's next run is queued below whatever happens: the failure is kept, not retried.
        if (repeating) {
          jobLog.warn(`failed (runs again in ${repeat!.everySeconds(services)} s): ${reasonOf(error)}`);
          await recordRepeatingFailure(services.sql, helpers, repeating, definition.maxAttempts ?? 1, reasonOf(error));
          return;
        }
        const permanent = error instanceof PermanentJobError;
        if (!permanent && job.attempts < job.max_attempts) throw error;
        const reason = permanent ? reasonOf(error) : `gave up after ${job.attempts} attempts: ${reasonOf(error)}`;
        jobLog.error(reason);
        await recordFailure(services.sql, helpers, reason);
      }
    } finally {
      const seconds = repeat?.everySeconds(services) ?? 0;
      if (seconds > 0) {
        await enqueueJobByName(services.sql, definition.name, {}, { runAt: new Date(Date.now() + seconds * 1000), jobKey: repeatingJobKey(definition.name), maxAttempts: definition.maxAttempts });
      }
    }
  };
}

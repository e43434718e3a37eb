import type { z } from 'zod';
import type { Sql } from '../db/client';
import type { TaskDefinition } from './define-task';

export interface EnqueueOptions {
  /** When it runs (now when absent). */
  runAt?: Date;
  /** Names the pending job: enqueueing again with the same key replaces it, cancelJob(key) removes it. */
  jobKey?: string;
  maxAttempts?: number;
}

/**
 * The TypeScript way to ask for a job, through the same function SQL uses (private.enqueue_job): in the caller's
 * transaction when `sql` is one, and whether or not a worker has installed the queue yet (until then the job waits in
 * private.job_backlog). The payload is checked against the task's schema before it is queued.
 */
export async function enqueueJob<Schema extends z.ZodType>(sql: Sql, task: TaskDefinition<Schema>, payload: z.input<Schema>, options: EnqueueOptions = {}): Promise<void> {
  task.payload.parse(payload);
  await enqueueJobByName(sql, task.name, payload, options);
}

/** The same by task name, payload unchecked (a task's own follow-up, or a task of another worker's version). */
export async function enqueueJobByName(sql: Sql, task: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
  await sql`
    select private.enqueue_job(${task}, ${sql.json(payload as never)}, ${options.runAt ?? null}, ${options.jobKey ?? null}, ${options.maxAttempts ?? null})`;
}

/** Removes the pending job with this key (a running one finishes but is not retried). */
export async function cancelJob(sql: Sql, jobKey: string): Promise<void> {
  await sql`select private.cancel_job(${jobKey})`;
}

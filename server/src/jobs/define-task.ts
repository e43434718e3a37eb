import type { z } from 'zod';
import type { Sql } from '../db/client';
import type { MailTransport } from '../lib/mailer';
import type { OutboundClient } from '../lib/outbound/outbound-client';
import type { ObjectFiles } from '../modules/storage/object-files';
import type { ObjectStore } from './assets/object-store';
import type { TokenKeyring } from '../modules/social/token-seal';

/** What every task may use: the database (as the worker's role), the mail transport and the public address. */
export interface JobServices {
  sql: Sql;
  mail: MailTransport;
  /** SITE_URL: the base of links in e-mails. */
  siteUrl: string;
  /** ANALYTICS_ROLLUP_SECONDS: 0 turns the rollup task's repetition off. */
  analyticsRollupSeconds: number;
  /** The Email Platform's sending settings (default: links on siteUrl, 50 messages a second). */
  email?: EmailServices;
  /** Storage's API with the service key (asset jobs); absent on a worker that was not told where Storage is. */
  objects?: ObjectStore;
  /** The object files of this server's STORAGE_DIR (only the server's own runner has them). */
  storageFiles?: ObjectFiles;
  /** AUTOMATION_LOG_DAYS: how long the automation run log is kept (90 when not given). */
  automationLogDays?: number;
  /** The one client for URLs users give (webhooks), with the server's OUTBOUND_* settings (server/src/lib/outbound). */
  outbound: OutboundClient;
  /** The keys that seal and open social account credentials (SOCIAL_TOKEN_KEYS, or the one kept in DATA_DIR). */
  socialTokenKeys?: TokenKeyring;
}

export interface EmailServices {
  /** Base of unsubscribe, open and click links (EMAIL_PUBLIC_URL, default SITE_URL). */
  publicUrl: string;
  /** Server-wide sending rate across all workers (EMAIL_RATE_PER_SECOND). */
  ratePerSecond: number;
  /** Messages of one campaign in flight at once (the SMTP pool's size). */
  concurrency: number;
}
/** Services a task cannot run without: a runner lacking one leaves the task's jobs to runners that have it. */
export type TaskNeed = 'objects' | 'storageFiles';

export interface JobLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The job being run, as a handler sees it. */
export interface JobInfo {
  id: string;
  task: string;
  key: string | null;
  /** Attempts so far, this one included. */
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  /** When a worker took it (the database's clock); null only for a job not taken through the queue. */
  lockedAt: Date | null;
  /** Id of the worker pool running it (what the job is locked with). */
  poolId: string | null;
}

export interface TaskContext extends JobServices {
  job: JobInfo;
  log: JobLog;
  signal: AbortSignal;
}

/**
 * A task: its name (what SQL and TypeScript enqueue), the zod schema of its payload (checked before the handler runs:
 * a payload that does not fit fails the job at once, with the reason, without retries) and its handler.
 */
export interface TaskDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  payload: Schema;
  /** Attempts before the job is given up (moved to the failed jobs): graphile-worker's default is 25. */
  maxAttempts?: number;
  /** Services it needs besides the database (a runner without them does not take its jobs). */
  needs?: readonly TaskNeed[];
  /**
   * Does the work. Idempotent: a job may run again after a crash, so it checks in the database that its work is
   * still to do, and confines itself to the workspace its payload names. Throw to retry later (with backoff),
   * PermanentJobError when retrying cannot help.
   */
  run(payload: z.output<Schema>, context: TaskContext): Promise<void>;
}

export function defineTask<Schema extends z.ZodType>(definition: TaskDefinition<Schema>): TaskDefinition<Schema> {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(definition.name)) throw new Error(`task name "${definition.name}" must be lower case letters, digits and _`);
  return definition;
}

/** A failure that another attempt cannot fix (a refused payload, a job for another workspace's row): no retries. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * A task known by its name before its module is loaded (server/src/jobs/task-registry.ts): `load` imports the module
 * when the task's first job runs. `needs` is stated here too, so a runner can leave the task out without loading it.
 */
export interface LazyTask<Name extends string = string> {
  readonly name: Name;
  readonly needs?: readonly TaskNeed[];
  load(): Promise<TaskDefinition>;
}

/** A task as the runner is given it: its definition, or a lazy task that loads it on first use. */
export type TaskSource = TaskDefinition | LazyTask;

export function lazyTask<Name extends string>(name: Name, load: () => Promise<TaskDefinition>, needs?: readonly TaskNeed[]): LazyTask<Name> {
  let loading: Promise<TaskDefinition> | undefined;
  return {
    name,
    ...(needs ? { needs } : {}),
    load() {
      loading ??= load().then(
        (definition) => {
          if (definition.name !== name) throw new Error(`task ${name}: its module defines "${definition.name}"`);
          return definition;
        },
        (error: unknown) => {
          // A module that failed to load (a missing native library) is tried again by the job's next attempt.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** The task's definition: itself, or its module loaded once. */
export function loadTask(source: TaskSource): Promise<TaskDefinition> {
  return 'load' in source ? source.load() : Promise.resolve(source);
}

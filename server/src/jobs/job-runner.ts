import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Socket } from 'node:net';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { Logger, parseCronItems, run, type Runner, type RunnerOptions, type TaskList, type WorkerEvents, type WorkerPool } from 'graphile-worker';
import pg from 'pg';
import { loadTask, type JobLog, type JobServices, type TaskSource } from './define-task';
import { enqueueJobByName } from './enqueue-job';
import { toGraphileTask } from './run-task';
import { cronItems, repeatingJobKey, repeatingJobs, startupJobs } from './schedules';
import { taskRegistry } from './task-registry';

export interface JobRunnerLog extends JobLog {
  debug(message: string): void;
}

export interface JobRunnerOptions {
  /** The database the queue lives in (direct connection or session pooler: LISTEN needs a session). */
  databaseUrl: string;
  services: JobServices;
  log: JobRunnerLog;
  /** Default: every registered task (server/src/jobs/task-registry.ts), each loaded when its first job runs. */
  tasks?: readonly TaskSource[];
  /** Jobs run at once by this worker (JOB_CONCURRENCY). */
  concurrency?: number;
  /**
   * How often to look for jobs falling due (LISTEN/NOTIFY wakes the worker at once for jobs due now, not for delayed
   * ones): default 0.5 s, which keeps due → started p99 under a second (bench:jobs) for one indexed query per poll.
   */
  pollIntervalMs?: number;
  /**
   * Sign of life and maintenance round (private.maintain_job_queue): default 2 s. A worker silent for three of them
   * whose database session is gone is dead (its jobs run again on another worker), as is one silent for 30 s.
   */
  heartbeatMs?: number;
  /** Run graphile-worker's cron items (default true). */
  cron?: boolean;
  /**
   * Whether the database is known to be away (the server's availability monitor): stop() then neither waits for
   * running jobs, which cannot commit anyway, nor removes its heartbeat row. Default: never known away.
   */
  databaseAway?: () => boolean;
}

export interface JobRunner {
  readonly workerId: string;
  /** The graphile-worker pool's id (what its jobs are locked with), once running. */
  poolId(): string | null;
  /** Resolves once no job of this runner's tasks is due or running (tests; `timeoutMs` bounds it). */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How long stop() lets running jobs finish (graphile-worker aborts their signal after 5 s) before cutting its
 * connections, when the database is there.
 */
const STOP_WAIT_MS = 6_000;
/** After the connections are cut, or for the heartbeat row's removal: the longest stop() waits on one more step. */
const STOP_STEP_MS = 1_000;
/**
 * The whole of stop(), whatever the database does: every step gets what is left of it. The server's own stop must
 * stay within 10 s on a network that swallows packets (tests/integration/database-away.test.ts); steps that each
 * kept to their own bound once added up to 12 s in CI.
 */
const STOP_TOTAL_MS = 7_000;
/**
 * How long one of graphile-worker's connections may take to open, as the server's own (createSql's connect_timeout):
 * pg waits forever by default, so on a network that swallows packets every worker would hang in pool.connect(), and
 * with it the runner's stop.
 */
const CONNECT_TIMEOUT_MS = 3_000;
/** The heartbeat's period (see JobRunnerOptions.heartbeatMs). */
export const HEARTBEAT_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
/** Whether `work` settles within `ms` (its outcome is ignored: stop() goes on either way). */
const settlesWithin = (work: Promise<unknown>, ms: number) =>
  Promise.race([work.then(() => true, () => true), sleep(ms).then(() => false)]);

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * graphile-worker's connection pool, ours so that it has a connection timeout and can be cut: `cut()` destroys every
 * socket it opened (a stop that cannot wait for the database any longer), and the pool is ended by stop() only.
 */
function createWorkerPool(databaseUrl: string, max: number, log: JobRunnerLog): { pool: pg.Pool; cut(): void } {
  const sockets = new Set<Socket>();
  const openSocket = () => {
    const socket = new Socket();
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    return socket;
  };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // pg accepts a function that makes the socket (lib/connection.js); @types/pg 8.6 only knows a stream.
    stream: openSocket as unknown as Duplex,
  });
  // Errors of idle and checked-out clients: pg drops the client, graphile-worker sees the error on its next query.
  pool.on('error', (error) => log.debug(`job runner: idle database connection failed: ${error.message}`));
  pool.on('connect', (client) => client.on('error', (error) => log.debug(`job runner: database connection failed: ${error.message}`)));
  return {
    pool,
    cut() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * The job runner (docs/decisions/0013-job-runner.md): graphile-worker over its own connection pool, running every
 * registered task, the cron items and the repeating jobs, with our heartbeat (private.job_workers) and maintenance
 * round beside it. If graphile-worker stops on its own (the database went away for too long), it is started again.
 * Resolves once the first start has been tried: the runner keeps trying in the background when it failed.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { services, log } = options;
  const sql = services.sql;
  const offered = options.tasks ?? taskRegistry;
  // A task needing what this runner lacks (Storage's API, the storage files) is left to runners that have it.
  const tasks = offered.filter((task) => (task.needs ?? []).every((need) => services[need] !== undefined));
  const leftOut = offered.filter((task) => !tasks.includes(task)).map((task) => task.name);
  if (leftOut.length > 0) log.info(`job runner: leaving ${leftOut.join(', ')} to workers that can reach what they need`);
  const workerId = `${hostname().slice(0, 60)}-${process.pid}-${randomBytes(4).toString('hex')}`;
  let stopped = false;
  let runner: Runner | undefined;
  let pool: WorkerPool | undefined;
  let beating: Promise<void> | undefined;
  /** Whether the last heartbeat failed: the database is away (or refuses us), so stop() does not wait on it again. */
  let lastBeatFailed = false;
  const workerPool = createWorkerPool(options.databaseUrl, (options.concurrency ?? 4) + 3, log);
  let signalStop = () => {};
  const stopSignal = new Promise<void>((resolve) => (signalStop = resolve));

  const events: WorkerEvents = new EventEmitter();
  events.on('pool:create', ({ workerPool }) => {
    pool = workerPool;
  });
  const logger = new Logger(() => (level, message) => {
    if (level === 'error') log.error(`job runner: ${message}`);
    else if (level === 'warning') log.warn(`job runner: ${message}`);
    else log.debug(`job runner: ${message}`);
  });
  const taskList: TaskList = Object.fromEntries(tasks.map((task) => [task.name, toGraphileTask(task, services, log, () => pool?.id ?? null)]));

  async function heartbeat(): Promise<void> {
    await sql`
      insert into private.job_workers (worker_id, pool_id, hostname, pid, tasks, backend_pid, backend_started_at)
      values (${workerId}, ${pool?.id ?? null}, ${hostname().slice(0, 200)}, ${process.pid}, ${tasks.map((task) => task.name)},
        pg_backend_pid(), (select a.backend_start from pg_stat_activity a where a.pid = pg_backend_pid()))
      on conflict (worker_id) do update
        set pool_id = excluded.pool_id, tasks = excluded.tasks, backend_pid = excluded.backend_pid,
          backend_started_at = excluded.backend_started_at, seen_at = now()`;
    const [round] = await sql<{ backlog_moved: number; pools_unlocked: number; failures_moved: number }[]>`select * from private.maintain_job_queue()`;
    if (round && round.backlog_moved + round.pools_unlocked + round.failures_moved > 0) {
      log.info(`job runner: ${round.backlog_moved} job(s) moved from the backlog, ${round.pools_unlocked} dead worker pool(s) released, ${round.failures_moved} given-up job(s) moved to the failures`);
    }
  }

  function beat(): Promise<void> {
    beating ??= heartbeat()
      .then(() => {
        lastBeatFailed = false;
      })
      .catch((error: unknown) => {
        lastBeatFailed = true;
        if (!stopped) log.warn(`job runner: heartbeat failed (the database may be away): ${reasonOf(error)}`);
      })
      .finally(() => {
        beating = undefined;
      });
    return beating;
  }

  async function startGraphile(): Promise<void> {
    runner = await run({
      // The same pg at run time; graphile-worker's typings come from its own (newer) @types/pg.
      pgPool: workerPool.pool as unknown as RunnerOptions['pgPool'],
      concurrency: options.concurrency ?? 4,
      pollInterval: options.pollIntervalMs ?? 500,
      noHandleSignals: true,
      taskList,
      parsedCronItems: options.cron === false ? [] : parseCronItems(cronItems.filter((item) => tasks.some((task) => task.name === item.task))),
      logger,
      events,
      // Completions and failures are written by graphile-worker's batcher, which handles a failed write (logs it
      // and stops the pool, which we start again) and is waited for when the pool stops. Unbatched (-1), they are
      // fire-and-forget promises: a database gone at that moment is an unhandled rejection, which ends the process.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    if (stopped) return;
    await beat();
    for (const entry of repeatingJobs) {
      const task = tasks.find((candidate) => candidate.name === entry.task);
      if (!task || entry.everySeconds(services) <= 0) continue;
      const { maxAttempts } = await loadTask(task);
      await enqueueJobByName(sql, task.name, {}, { jobKey: repeatingJobKey(task.name), maxAttempts });
    }
    for (const entry of startupJobs) {
      const task = tasks.find((candidate) => candidate.name === entry.task);
      if (task) await enqueueJobByName(sql, task.name, {}, { jobKey: entry.jobKey, maxAttempts: (await loadTask(task)).maxAttempts });
    }
    log.info(`job runner ${workerId}: running ${tasks.length} task(s), concurrency ${options.concurrency ?? 4}`);
  }

  /** Keeps graphile-worker running: started again (after a pause) whenever it stops while we do not. */
  async function supervise(first: (error?: unknown) => void): Promise<void> {
    let failures = 0;
    let reported = false;
    while (!stopped) {
      try {
        await startGraphile();
        if (stopped) {
          // stop() came while graphile-worker was starting: it saw no runner to stop.
          await runner?.stop().catch(() => {});
          break;
        }
        failures = 0;
        if (!reported) first();
        reported = true;
        await runner!.promise;
      } catch (error) {
        if (stopped) break;
        failures += 1;
        log.warn(`job runner: ${runner ? 'stopped' : 'could not start'} (${reasonOf(error)}); trying again`);
        if (!reported) first(error);
        reported = true;
      }
      runner = undefined;
      pool = undefined;
      if (!stopped) await Promise.race([sleep(Math.min(500 * 2 ** Math.min(failures, 4), 8_000)), stopSignal]);
    }
  }

  let supervising: Promise<void> = Promise.resolve();
  await new Promise<void>((resolve) => {
    supervising = supervise((error) => {
      if (error) log.error(`job runner: not running yet (${reasonOf(error)}); trying again in the background`);
      resolve();
    });
  });
  const timer = setInterval(() => void beat(), options.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();

  return {
    workerId,
    poolId: () => pool?.id ?? null,
    async drain(timeoutMs = 15_000) {
      const names = tasks.map((task) => task.name);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await beat();
        const [state] = await sql<{ installed: boolean }[]>`select private.job_queue_installed() as installed`;
        const [row] = state!.installed
          ? await sql<{ pending: number }[]>`
              select count(*)::int as pending from graphile_worker.jobs
              where task_identifier = any(${names}) and (locked_at is not null or (attempts < max_attempts and run_at <= now()))`
          : await sql<{ pending: number }[]>`select count(*)::int as pending from private.job_backlog where task = any(${names}) and run_at <= now()`;
        const pending = row!.pending;
        if (pending === 0) return;
        if (Date.now() > deadline) throw new Error(`job runner: ${pending} job(s) still due or running after ${timeoutMs} ms`);
        pool?.nudge(options.concurrency ?? 4);
        await sleep(25);
      }
    },
    /**
     * Bounded by STOP_TOTAL_MS: running jobs get STOP_WAIT_MS to finish; then graphile-worker's connections are cut
     * (its jobs stay locked by a pool nobody heartbeats, so another worker's maintenance round frees them). A database
     * known to be away, or whose last heartbeat failed, is not waited for: jobs are cut at once and the heartbeat row
     * is left for the maintenance round to clear instead of being deleted.
     */
    async stop() {
      const deadline = Date.now() + STOP_TOTAL_MS;
      const within = (work: Promise<unknown>, ms: number) => settlesWithin(work, Math.max(0, Math.min(ms, deadline - Date.now())));
      const away = options.databaseAway?.() ?? false;
      stopped = true;
      signalStop();
      clearInterval(timer);
      const graphile = Promise.all([(runner?.stop() ?? Promise.resolve()).catch(() => {}), supervising]);
      const heartbeatDone = lastBeatFailed || away ? Promise.resolve() : (beating ?? Promise.resolve());
      // Jobs on a database that is away cannot commit: their connections are cut at once, their locks freed by
      // another worker's maintenance round.
      if (!(await within(graphile, away ? 0 : STOP_WAIT_MS))) {
        if (!away) log.warn(`job runner: jobs still running after ${STOP_WAIT_MS} ms; cutting the job runner's database connections`);
        workerPool.cut();
        await within(graphile, STOP_STEP_MS);
      }
      const ended = workerPool.pool.end();
      if (!(await within(ended, STOP_STEP_MS))) {
        workerPool.cut();
        await within(ended, STOP_STEP_MS);
      }
      // A heartbeat still hanging after its step is a database that does not answer: the row is left for another
      // worker's maintenance round, as after a failed beat, rather than waited on for a connection that will not come.
      const beatSettled = await within(heartbeatDone, STOP_STEP_MS);
      if (beatSettled && !lastBeatFailed && !away && !(options.databaseAway?.() ?? false)) {
        await within(sql`delete from private.job_workers where worker_id = ${workerId}`, STOP_STEP_MS * 3);
      }
    },
  };
}

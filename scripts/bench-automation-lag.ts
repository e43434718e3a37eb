// bench:automation's breakdown of a step's lag (decision 0023, session 10): where the time between a step's due time
// and its commit goes, per automation_step job — due_at → the job's run_at → picked by a worker (locked_at) → the
// handler started → the step started (its started_at) → committed. The handler is wrapped (timestamps only), so the
// task itself runs unchanged. PostgreSQL and Node share the machine's clock.
import type { Sql } from '../server/src/db/client';
import type { TaskDefinition } from '../server/src/jobs/define-task';
import { percentile } from './bench-support';

interface JobTimes {
  runAt: number;
  lockedAt: number;
  handler: number;
  committed: number;
  attempts: number;
}

export interface LagProbe {
  /** The task to run in place of `task`: the same handler, timed while `recording` is on. */
  task: TaskDefinition;
  start(): void;
  /** p50 / p99 of each segment, for the runs whose step `stepId` started after the step `waitId`'s due time. */
  report(sql: Sql, waitId: string, stepId: string): Promise<string[]>;
}

/** `task` with the time each of its runs held a worker slot (its handler, start to end) kept in `into`. */
export function slotTimed(task: TaskDefinition, into: number[]): TaskDefinition {
  return {
    ...task,
    async run(payload, context) {
      const started = Date.now();
      try {
        await task.run(payload, context);
      } finally {
        into.push((Date.now() - started) / 1000);
      }
    },
  };
}

/** p50 / p99 / max of seconds, in one line. */
export function spreadOf(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(3)} s  p99 ${percentile(sorted, 99).toFixed(3)} s  max ${(sorted.at(-1) ?? Number.NaN).toFixed(3)} s`;
}

export function lagProbe(task: TaskDefinition): LagProbe {
  const times = new Map<string, JobTimes>();
  let recording = false;
  return {
    task: {
      ...task,
      async run(payload, context) {
        const handler = Date.now();
        await task.run(payload, context);
        if (!recording) return;
        const { job } = context;
        const enrollment = (payload as { enrollment_id: string }).enrollment_id;
        times.set(enrollment, { runAt: job.runAt.getTime(), lockedAt: job.lockedAt?.getTime() ?? Number.NaN, handler, committed: Date.now(), attempts: job.attempts });
      },
    },
    start() {
      recording = true;
    },
    async report(sql, waitId, stepId) {
      const rows = await sql<{ enrollment_id: string; due: number; started: number }[]>`
        select p.enrollment_id, extract(epoch from p.due_at)::float8 * 1000 as due, extract(epoch from m.started_at)::float8 * 1000 as started
        from public.automation_step_runs p join public.automation_step_runs m on m.enrollment_id = p.enrollment_id and m.step_id = ${stepId}
        where p.step_id = ${waitId}`;
      const segments: [string, number[]][] = [
        ['due_at → job run_at', []], ['run_at → picked (locked_at)', []], ['picked → handler started', []],
        ['handler → step started_at', []], ['started_at → committed', []], ['due_at → committed', []],
      ];
      let retried = 0;
      let batched = 0;
      for (const row of rows) {
        const job = times.get(row.enrollment_id);
        if (!job) {
          batched += 1;
          continue;
        }
        if (job.attempts > 1) retried += 1;
        const points = [row.due, job.runAt, job.lockedAt, job.handler, row.started, job.committed];
        for (let i = 0; i < 5; i += 1) segments[i]![1].push((points[i + 1]! - points[i]!) / 1000);
        segments[5]![1].push((job.committed - row.due) / 1000);
      }
      const width = Math.max(...segments.map(([name]) => name.length));
      const dues = rows.map((row) => row.due);
      const spread = (Math.max(...dues) - Math.min(...dues)) / 1000;
      return [
        `   due times spread over ${spread.toFixed(1)} s: ${(rows.length / Math.max(spread, 1)).toFixed(0)} due per second on average (against the runs ended per second below: more due than that is a backlog, not latency)`,
        `   where the lag goes, per automation_step job (${times.size.toLocaleString('en-US')} timed, ${retried} on a retry; ${batched.toLocaleString('en-US')} runs taken along in another job's batch, not timed here):`,
        ...segments.map(([name, values]) => `     ${name.padEnd(width)}  ${spreadOf(values)}`),
      ];
    },
  };
}

/** The database functions that took the most time since the last pg_stat_reset (needs track_functions = 'all'). */
export async function functionTimes(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string; calls: number; total: number; self: number }[]>`
    select schemaname || '.' || funcname as name, calls::int, total_time::float8 as total, self_time::float8 as self
    from pg_stat_user_functions order by self_time desc limit 14`;
  return [
    '   database functions from the first due time to the last run ended (self ms / total ms / calls / total ms per call):',
    ...rows.map((row) => `     ${row.name.padEnd(48)} ${row.self.toFixed(0).padStart(7)} ${row.total.toFixed(0).padStart(7)} ${String(row.calls).padStart(7)}  ${(row.total / row.calls).toFixed(3)}`),
  ];
}

import { z } from 'zod';
import type { TransactionSql } from 'postgres';
import type { StepContext } from '../../modules/automation/decide-step';
import { planRound } from '../../modules/automation/plan-round';
import { defineTask, PermanentJobError } from '../define-task';

export const automationStepPayload = z.object({ workspace_id: z.uuid(), enrollment_id: z.uuid() });

/** Steps one job takes per run before it hands the rest to a fresh job (a graph's loops always pass a wait; this bounds a run). */
const STEPS_PER_JOB = 60;
/**
 * Other due continuations of the same workspace one job takes along (decision 0023, session 11): a burst of waits
 * ending together costs one job, one transaction and a few statements per batch instead of per run.
 */
export const DUE_RUNS_PER_JOB = 16;
/** Further batches one job claims while its last one came back full (decision 0023, session 12). */
export const MORE_BATCHES_PER_JOB = 8;

/**
 * Takes runs through their steps, all in the caller's transaction, a round at a time: each round reads where every run
 * stands (private.automation_step_context), decides its branch (decideStep, with the database's clock) and records
 * the steps with their effects (private.automation_apply_step, unique per enrollment, step and visit) in one statement
 * each. A run goes on to its next round while its step says 'continue'; it stops at a wait, the end, a failure, its
 * workflow's pause, or when it is not where the round read it (stale). Returns each run's last outcome.
 */
async function takeSteps(tx: TransactionSql, workspaceId: string, enrollmentIds: readonly string[]): Promise<Map<string, string>> {
  const outcomes = new Map<string, string>();
  let going = [...enrollmentIds];
  for (let round = 0; round < STEPS_PER_JOB && going.length > 0; round += 1) {
    const contexts = await tx<{ id: string; context: StepContext | null }[]>`
      select r.id, private.automation_step_context(${workspaceId}::uuid, r.id::uuid) as context
      from jsonb_array_elements_text(${tx.json(going)}) as r(id)`;
    const { apply, stopped } = planRound(contexts, Math.random);
    for (const { id, outcome } of stopped) outcomes.set(id, outcome);
    if (apply.length === 0) break;
    const applied = await tx<{ id: string; result: string }[]>`
      select s ->> 'id' as id, private.automation_apply_step(${workspaceId}::uuid, (s ->> 'id')::uuid, s ->> 'step_id',
        (s ->> 'visit')::integer, s -> 'decision') as result
      from jsonb_array_elements(${tx.json(apply as never)}) as s`;
    for (const { id, result } of applied) outcomes.set(id, result);
    going = applied.filter((row) => row.result === 'continue').map((row) => row.id);
  }
  return outcomes;
}

/**
 * Moves one enrollment through its workflow (keyed `automation:<enrollment id>`): step after step until a wait, the
 * end or a failure, all in one transaction — and with it up to DUE_RUNS_PER_JOB other runs of the same workspace
 * whose continuation is due and waiting in the queue (private.automation_claim_due_steps: their jobs and runs locked
 * FOR UPDATE SKIP LOCKED, the jobs removed in this transaction). Each step is recorded with its effect under its key
 * (enrollment × step × visit): a job run again after a crash finds the steps recorded and the enrollment moved on,
 * and repeats nothing; a rollback puts the claimed jobs back. A wait queues the run's job again for its due time.
 * A run of a paused workflow holds before its step (the job ends; resuming queues it again).
 */
export const automationStep = defineTask({
  name: 'automation_step',
  payload: automationStepPayload,
  maxAttempts: 10,
  async run(payload, { sql, log }) {
    /** One transaction: up to `batch` claimed due runs, with this job's own run first unless `alongOnly`. */
    const take = (batch: number, alongOnly = false) =>
      sql.begin(async (tx) => {
        const claimed = batch < 1 ? [] : await tx<{ enrollment_id: string }[]>`
          select enrollment_id from private.automation_claim_due_steps(${payload.workspace_id}::uuid, ${payload.enrollment_id}::uuid, ${batch}::integer)`;
        const ids = claimed.map((row) => row.enrollment_id);
        if (alongOnly && ids.length === 0) return { outcomes: new Map<string, string>(), claimed: 0 };
        // The job's own run first: another workspace's run raises 42501 (and the claim is rolled back with it).
        const outcomes = await takeSteps(tx, payload.workspace_id, alongOnly ? ids : [payload.enrollment_id, ...ids]);
        // A run still going after STEPS_PER_JOB steps gets its own job again, in this transaction (a claimed run's job
        // was removed in it).
        for (const [enrollmentId, outcome] of outcomes) {
          if (outcome !== 'continue') continue;
          await tx`select private.enqueue_job('automation_step', ${tx.json({ workspace_id: payload.workspace_id, enrollment_id: enrollmentId })},
            null, ${`automation:${enrollmentId}`}, null)`;
        }
        return { outcomes, claimed: ids.length };
      });
    let outcomes: Map<string, string>;
    let claimed = 0;
    try {
      try {
        ({ outcomes, claimed } = await take(DUE_RUNS_PER_JOB));
      } catch (error) {
        if ((error as { code?: string }).code === '42501') throw error;
        // A batch that failed (a deadlock with another batch over a contact, one run's error) was rolled back whole:
        // the claimed runs' jobs are back in the queue. This job's own run is taken alone, as before batches.
        log.warn(`a batch of due steps failed (${(error as Error).message}); taking enrollment ${payload.enrollment_id} alone`);
        ({ outcomes } = await take(0));
      }
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
    // While its batches come back full, more runs are due than one batch: the job claims again (decision 0023, session
    // 12) instead of handing each batch to a fresh job (a fetch, a completion and a worker's turn each). Each further
    // batch is its own transaction with only claimed runs; one that fails is rolled back (its jobs back in the queue)
    // and ends the loop, never this job (its own run is recorded).
    for (let more = 0; more < MORE_BATCHES_PER_JOB && claimed >= DUE_RUNS_PER_JOB; more += 1) {
      try {
        const next = await take(DUE_RUNS_PER_JOB, true);
        claimed = next.claimed;
        for (const [enrollmentId, outcome] of next.outcomes) outcomes.set(enrollmentId, outcome);
      } catch (error) {
        log.warn(`a further batch of due steps failed (${(error as Error).message}); its runs are back in the queue`);
        break;
      }
    }
    for (const [enrollmentId, outcome] of outcomes) {
      if (outcome === 'failed') log.warn(`enrollment ${enrollmentId}: a step failed (see its run)`);
    }
  },
});

import { z } from 'zod';
import { decideStep, type StepContext } from '../../modules/automation/decide-step';
import { defineTask, PermanentJobError } from '../define-task';
import { enqueueJobByName } from '../enqueue-job';

export const automationStepPayload = z.object({ workspace_id: z.uuid(), enrollment_id: z.uuid() });

/** Steps one job takes before it hands the rest to a fresh job (a graph's loops always pass a wait; this bounds a run). */
const STEPS_PER_JOB = 60;

/**
 * Moves one enrollment through its workflow (keyed `automation:<enrollment id>`): step after step until a wait, the
 * end or a failure, all in one transaction. For each step it reads where the run stands (private.automation_step_context),
 * decides the branch (decideStep, with the database's clock) and records the step with its effect
 * (private.automation_apply_step, unique per enrollment, step and visit): a job run again after a crash finds the steps
 * recorded and the enrollment moved on, and repeats nothing. A wait queues this job again for its due time.
 * A run of a paused workflow holds before its step (the job ends; resuming queues it again).
 */
export const automationStep = defineTask({
  name: 'automation_step',
  payload: automationStepPayload,
  maxAttempts: 10,
  async run(payload, { sql, log }) {
    try {
      // The steps up to the next wait, the end or a failure are taken in ONE transaction (decision 0023, session 8):
      // one commit per stretch of a run instead of one per step. Each step still reads where the run stands, is
      // decided, and is recorded with its effect under its key (enrollment × step × visit): a crash before the commit
      // leaves nothing of the stretch, and a rerun finds every committed step recorded. The context holds the
      // workflow's row (FOR SHARE) until the commit, so a pause either commits first (and the steps hold) or waits.
      const { outcome, taken } = await sql.begin(async (tx) => {
        let result = 'continue';
        let steps = 0;
        while (result === 'continue' && steps < STEPS_PER_JOB) {
          steps += 1;
          const [row] = await tx<{ context: StepContext | null }[]>`
            select private.automation_step_context(${payload.workspace_id}::uuid, ${payload.enrollment_id}::uuid) as context`;
          const context = row!.context;
          if (!context) return { outcome: 'gone', taken: steps };
          const decided = decideStep(context, Math.random());
          if (decided.kind === 'stop') return { outcome: decided.reason, taken: steps };
          const [applied] = await tx<{ result: string }[]>`
            select private.automation_apply_step(${payload.workspace_id}::uuid, ${payload.enrollment_id}::uuid, ${context.step_id},
              ${context.visit}::integer, ${tx.json(decided.decision)}) as result`;
          result = applied!.result;
        }
        return { outcome: result, taken: steps };
      });
      if (outcome === 'failed') log.warn(`enrollment ${payload.enrollment_id}: a step failed (see its run)`);
      if (outcome === 'continue' && taken >= STEPS_PER_JOB) {
        await enqueueJobByName(sql, 'automation_step', payload, { jobKey: `automation:${payload.enrollment_id}` });
      }
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
  },
});

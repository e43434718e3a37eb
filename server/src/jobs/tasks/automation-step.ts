import { z } from 'zod';
import { decideStep, type StepContext } from '../../modules/automation/decide-step';
import { defineTask, PermanentJobError } from '../define-task';
import { enqueueJobByName } from '../enqueue-job';

export const automationStepPayload = z.object({ workspace_id: z.uuid(), enrollment_id: z.uuid() });

/** Steps one job takes before it hands the rest to a fresh job (a graph's loops always pass a wait; this bounds a run). */
const STEPS_PER_JOB = 60;

/**
 * Moves one enrollment through its workflow (keyed `automation:<enrollment id>`): step after step until a wait, the
 * end or a failure. For each step it reads where the run stands (private.automation_step_context), decides the branch
 * (decideStep, with the database's clock) and records the step with its effect in one transaction
 * (private.automation_apply_step, unique per enrollment, step and visit): a job run again after a crash finds the step
 * recorded and the enrollment moved on, and repeats nothing. A wait queues this job again for its due time.
 */
export const automationStep = defineTask({
  name: 'automation_step',
  payload: automationStepPayload,
  maxAttempts: 10,
  async run(payload, { sql, log }) {
    try {
      for (let taken = 0; taken < STEPS_PER_JOB; taken += 1) {
        const [row] = await sql<{ context: StepContext | null }[]>`
          select private.automation_step_context(${payload.workspace_id}::uuid, ${payload.enrollment_id}::uuid) as context`;
        const context = row!.context;
        if (!context) return;
        const decided = decideStep(context, Math.random());
        if (decided.kind === 'stop') return;
        const [applied] = await sql<{ result: string }[]>`
          select private.automation_apply_step(${payload.workspace_id}::uuid, ${payload.enrollment_id}::uuid, ${context.step_id},
            ${context.visit}::integer, ${sql.json(decided.decision)}) as result`;
        if (applied!.result !== 'continue') {
          if (applied!.result === 'failed') log.warn(`enrollment ${payload.enrollment_id}: a step failed (see its run)`);
          return;
        }
      }
      await enqueueJobByName(sql, 'automation_step', payload, { jobKey: `automation:${payload.enrollment_id}` });
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
  },
});

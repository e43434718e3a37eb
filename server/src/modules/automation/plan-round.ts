import { decideStep, type StepContext, type StepDecision } from './decide-step';

/** One step to record with private.automation_apply_step. */
export interface StepToApply {
  id: string;
  step_id: string;
  visit: number;
  decision: StepDecision;
}

export interface Round {
  /** Runs whose step is decided: recorded in one statement, in this order. */
  apply: StepToApply[];
  /** Runs that stop here without a step (gone, finished, paused…), with why. */
  stopped: { id: string; outcome: string }[];
}

/**
 * One round of a batch of runs (automation_step, decision 0023 session 11): for each run's context (null when the run
 * is gone), the step to record, or why the run stops here. Pure: the random number for each run is given.
 */
export function planRound(contexts: readonly { id: string; context: StepContext | null }[], random: () => number): Round {
  const round: Round = { apply: [], stopped: [] };
  for (const { id, context } of contexts) {
    if (!context) {
      round.stopped.push({ id, outcome: 'gone' });
      continue;
    }
    const decided = decideStep(context, random());
    if (decided.kind === 'stop') round.stopped.push({ id, outcome: decided.reason });
    else round.apply.push({ id, step_id: context.step_id!, visit: context.visit, decision: decided.decision });
  }
  return round;
}

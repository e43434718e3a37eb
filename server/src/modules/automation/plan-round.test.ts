import { describe, expect, it } from 'vitest';
import type { WorkflowStep } from '../../../../src/features/automation/utils/workflow-graph';
import type { StepContext } from './decide-step';
import { planRound } from './plan-round';

const NOW = '2026-11-29T10:00:00.000Z';
const context = (overrides: Partial<StepContext>): StepContext => ({
  status: 'active', step_id: 'tag', visit: 1, step: { id: 'tag', type: 'add_tag', tag: 'a', next: 'done' },
  contact: { tags: [], lifecycle_stage: 'lead', score_band: 'cold', lead_score: 0, has_email: true }, run: null, now: NOW, ...overrides,
});

describe('planRound', () => {
  it('records a decided step with its run, step and visit', () => {
    expect(planRound([{ id: 'e1', context: context({ visit: 2 }) }], () => 0)).toEqual({
      apply: [{ id: 'e1', step_id: 'tag', visit: 2, decision: { outcome: 'done', next: 'done' } }], stopped: [],
    });
  });

  it('stops a run that is gone, finished or paused, with why', () => {
    const round = planRound([
      { id: 'gone', context: null },
      { id: 'finished', context: context({ status: 'finished' }) },
      { id: 'paused', context: context({ workflow_paused: true }) },
    ], () => 0);
    expect(round).toEqual({ apply: [], stopped: [{ id: 'gone', outcome: 'gone' }, { id: 'finished', outcome: 'finished' }, { id: 'paused', outcome: 'paused' }] });
  });

  it('keeps the order of the runs and gives each its own random number', () => {
    const split: WorkflowStep = { id: 'ab', type: 'split', branches: [{ share: 50, next: 'a' }, { share: 50, next: 'b' }] };
    const randoms = [0.1, 0.9];
    const round = planRound([
      { id: 'e1', context: context({ step_id: 'ab', step: split }) },
      { id: 'e2', context: context({ step_id: 'ab', step: split }) },
    ], () => randoms.shift()!);
    expect(round.apply.map((step) => [step.id, step.decision])).toEqual([
      ['e1', { outcome: 'branch 1', next: 'a' }], ['e2', { outcome: 'branch 2', next: 'b' }],
    ]);
  });
});

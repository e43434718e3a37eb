import { describe, expect, it } from 'vitest';
import { publishProblemOf } from '@/features/automation/utils/publish-error';

describe('publishProblemOf', () => {
  it('reads the problem and the step from a refused graph', () => {
    const error = { code: 'P0001', details: 'cycle_without_wait', hint: 'tag', message: 'Step “tag”: it leads back to itself without a wait on the way.' };
    expect(publishProblemOf(error)).toEqual({ problem: 'cycle_without_wait', stepId: 'tag', message: error.message });
  });

  it('a problem of the trigger names no step', () => {
    expect(publishProblemOf({ code: 'P0001', details: 'trigger_unknown', hint: '', message: 'Choose what starts the workflow.' })).toMatchObject({ stepId: null });
  });

  it.each([
    ['another code', { code: '42501', details: 'role_too_low', message: 'x' }],
    ['a workflow that is gone', { code: 'P0001', details: 'unknown_workflow', message: 'x' }],
    ['nothing to publish', { code: 'P0001', details: 'nothing_to_publish', message: 'x' }],
    ['a network failure', new TypeError('Failed to fetch')],
    ['nothing', null],
  ])('%s is not a problem of the graph', (_name, error) => {
    expect(publishProblemOf(error)).toBeNull();
  });
});

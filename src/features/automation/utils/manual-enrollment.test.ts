import { describe, expect, it } from 'vitest';
import { enrollmentFilterParam, enrollmentSummary } from '@/features/automation/utils/manual-enrollment';

describe('enrollmentSummary', () => {
  it.each([
    [{ matched: 0, enrolled: 0, skipped: 0, over_limit: 0 }, false, 'No contact matches this filter.'],
    [{ matched: 1, enrolled: 1, skipped: 0, over_limit: 0 }, false, '1 contact match. 1 contact will be enrolled.'],
    [{ matched: 1200, enrolled: 1000, skipped: 200, over_limit: 0 }, true, '1,200 contacts match. 1,000 contacts enrolled; 200 skipped (already in the workflow, or not allowed in again).'],
    [{ matched: 5, enrolled: 2, skipped: 0, over_limit: 3 }, false, '5 contacts match. 2 contacts will be enrolled; 3 left out: the workspace’s enrollments per hour are used up.'],
  ] as const)('%o (done: %s)', (counts, done, expected) => {
    expect(enrollmentSummary(counts, done)).toBe(expected);
  });
});

describe('enrollmentFilterParam', () => {
  it('trims the tag and says "any" where nothing is chosen', () => {
    expect(enrollmentFilterParam({ tag: '  vip ', stage: '', band: 'hot' })).toEqual({ tag: 'vip', stage: 'any', band: 'hot', owner: 'any' });
  });
});

import { describe, expect, it } from 'vitest';
import { selectedPlan } from './selected-plan';

describe('selectedPlan', () => {
  it.each([
    ['starter', 'STARTER'],
    ['professional', 'PROFESSIONAL'],
    ['Professional', 'PROFESSIONAL'],
    [' starter ', 'STARTER'],
  ])('finds %j', (slug, name) => {
    expect(selectedPlan(slug)?.name).toBe(name);
  });

  it.each([null, undefined, '', 'enterprise', 'gold', 'starter-pro'])('ignores %j (unknown, empty, or a Contact Sales plan)', (slug) => {
    expect(selectedPlan(slug)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { pricingPlans } from '@/config/plans';
import { billingNote, planPrice, shouldCelebrate } from './pricing.utils';

describe('pricing utils', () => {
  it.each([
    [0, 'monthly', '50'],
    [0, 'annual', '40'],
    [1, 'monthly', '99'],
    [1, 'annual', '79'],
    [2, 'monthly', '299'],
    [2, 'annual', '239'],
  ] as const)('plan %i billed %s costs %s a month', (index, billing, price) => {
    expect(planPrice(pricingPlans[index]!, billing)).toBe(price);
  });

  it('names the billing', () => {
    expect(billingNote('monthly')).toBe('billed monthly');
    expect(billingNote('annual')).toBe('billed annually');
  });

  it.each([
    ['monthly', 'annual', true],
    ['annual', 'monthly', false],
    ['annual', 'annual', false],
    ['monthly', 'monthly', false],
  ] as const)('%s → %s celebrates: %s', (previous, next, expected) => {
    expect(shouldCelebrate(previous, next)).toBe(expected);
  });
});

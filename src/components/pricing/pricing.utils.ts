import { pricingCopy, type PricingPlan } from '@/config/plans';

export type Billing = 'monthly' | 'annual';

/** Price per month in whole US dollars for the chosen billing. */
export function planPrice(plan: PricingPlan, billing: Billing): string {
  return billing === 'annual' ? plan.yearlyPrice : plan.price;
}

export function billingNote(billing: Billing): string {
  return billing === 'annual' ? pricingCopy.billedAnnually : pricingCopy.billedMonthly;
}

/** Confetti celebrates a switch to annual billing, never the initial render or a switch back. */
export function shouldCelebrate(previous: Billing, next: Billing): boolean {
  return previous === 'monthly' && next === 'annual';
}

import { paths } from '@/config/paths';
import { pricingPlans, type PricingPlan } from '@/config/plans';

/** The URL name of a plan: `/sign-up?plan=starter`. */
export function planSlug(plan: PricingPlan): string {
  return plan.name.toLowerCase();
}

/** The plan chosen on the pricing section, if the `plan` parameter names one that signs up (not Contact Sales). */
export function selectedPlan(slug: string | null | undefined): PricingPlan | undefined {
  const wanted = slug?.trim().toLowerCase();
  if (!wanted) return undefined;
  return pricingPlans.find((plan) => plan.href.startsWith(paths.signUp) && planSlug(plan) === wanted);
}

import { BadgeCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { authCopy } from '@/config/account-copy';
import type { PricingPlan } from '@/config/plans';

/** The plan picked on the pricing section, kept in view while signing up. */
export function SelectedPlanNotice({ plan }: { plan: PricingPlan }) {
  return (
    <section aria-label={authCopy.selectedPlan} className="mb-4 flex items-center gap-3 rounded-md border bg-muted/50 p-3 text-sm">
      <BadgeCheck className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-muted-foreground">{authCopy.selectedPlan}:</span>
        <span className="font-semibold">{plan.name}</span>
        <span>{authCopy.planPrice(plan.price, plan.period)}</span>
        {plan.isPopular ? <Badge variant="secondary">Popular</Badge> : null}
      </div>
    </section>
  );
}

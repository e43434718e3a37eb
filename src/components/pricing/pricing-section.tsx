import { useState } from 'react';
import { pricingCopy, pricingPlans, type PricingPlan } from '@/config/plans';
import { BillingToggle } from './billing-toggle';
import { fireConfetti } from './fire-confetti';
import { PricingCard } from './pricing-card';
import { shouldCelebrate, type Billing } from './pricing.utils';

interface PricingSectionProps {
  plans?: PricingPlan[];
  /** Anchor id of the section (the public home page links to #pricing). */
  id?: string;
}

/** The pricing screen of spec §2: used on the public home page and in the admin area (page 5, Administrator). */
export function PricingSection({ plans = pricingPlans, id = 'pricing' }: PricingSectionProps) {
  const [billing, setBilling] = useState<Billing>('monthly');
  const titleId = `${id}-title`;

  const handleBillingChange = (next: Billing) => {
    if (shouldCelebrate(billing, next)) {
      fireConfetti().catch((error: unknown) => console.error('Confetti failed', error));
    }
    setBilling(next);
  };

  return (
    <section id={id} aria-labelledby={titleId} className="scroll-mt-20">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {pricingCopy.title}
        </h2>
        <p className="mt-4 text-lg text-slate-600">{pricingCopy.subtitle}</p>
      </div>
      <div className="mt-8">
        <BillingToggle billing={billing} onChange={handleBillingChange} />
      </div>
      <div className="mx-auto mt-10 grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3">
        {plans.map((plan) => (
          <PricingCard key={plan.name} plan={plan} billing={billing} />
        ))}
      </div>
    </section>
  );
}

import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { planHref, pricingCopy, type PricingPlan } from '@/config/plans';
import { billingNote, planPrice, type Billing } from './pricing.utils';

interface PricingCardProps {
  plan: PricingPlan;
  billing: Billing;
}

export function PricingCard({ plan, billing }: PricingCardProps) {
  const headingId = `plan-${plan.name.toLowerCase()}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${plan.isPopular ? 'border-blue-700 ring-2 ring-blue-700 lg:scale-[1.03]' : 'border-slate-200'}`}
    >
      {plan.isPopular && (
        <span className="absolute -top-3 right-6 rounded-full bg-blue-700 px-3 py-1 text-xs font-semibold text-white">
          {pricingCopy.popular}
        </span>
      )}
      <h3 id={headingId} className="text-sm font-semibold tracking-widest text-slate-600">
        {plan.name}
      </h3>
      <p className="mt-4 flex items-baseline gap-x-1">
        <span className="text-5xl font-bold tracking-tight text-slate-900">${planPrice(plan, billing)}</span>
        <span className="text-sm font-medium text-slate-600">/ {plan.period}</span>
      </p>
      <p className="mt-1 text-xs text-slate-600">{billingNote(billing)}</p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-blue-700" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <hr className="my-6 border-slate-200" />
      <Link
        to={planHref(plan)}
        className={buttonVariants({ variant: plan.isPopular ? 'default' : 'outline', className: 'w-full' })}
      >
        {plan.buttonText}
      </Link>
      <p className="mt-4 text-xs leading-5 text-slate-600">{plan.description}</p>
    </article>
  );
}

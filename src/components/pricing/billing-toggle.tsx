import { useId } from 'react';
import { pricingCopy } from '@/config/plans';
import type { Billing } from './pricing.utils';

interface BillingToggleProps {
  billing: Billing;
  onChange: (billing: Billing) => void;
}

/** 'Annual billing (Save 20%)' as a switch: off = monthly (default), on = annual. */
export function BillingToggle({ billing, onChange }: BillingToggleProps) {
  const id = useId();
  const isAnnual = billing === 'annual';
  return (
    <div className="flex items-center justify-center gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={isAnnual}
        onClick={() => onChange(isAnnual ? 'monthly' : 'annual')}
        className={`relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 ${isAnnual ? 'bg-blue-700' : 'bg-slate-300'}`}
      >
        <span
          aria-hidden="true"
          className={`pointer-events-none block h-5 w-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${isAnnual ? 'translate-x-5' : 'translate-x-0'}`}
        />
      </button>
      <label htmlFor={id} className="cursor-pointer text-sm font-medium">
        {pricingCopy.annualToggle} <span className="font-semibold text-blue-700">{pricingCopy.annualSaving}</span>
      </label>
    </div>
  );
}

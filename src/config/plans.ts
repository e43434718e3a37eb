import { paths } from './paths';

export interface PricingPlan {
  name: string;
  /** Monthly price per month, whole US dollars, as the spec stores it. */
  price: string;
  /** Price per month when billed annually. */
  yearlyPrice: string;
  period: string;
  features: string[];
  description: string;
  buttonText: string;
  href: string;
  isPopular: boolean;
}

export const ANNUAL_DISCOUNT_PERCENT = 20;

export const pricingPlans: PricingPlan[] = [
  {
    name: 'STARTER',
    price: '50',
    yearlyPrice: '40',
    period: 'per month',
    features: ['Up to 10 projects', 'Basic analytics', '48-hour support response time', 'Limited API access', 'Community support'],
    description: 'Perfect for individuals and small projects',
    buttonText: 'Start Free Trial',
    href: paths.signUp,
    isPopular: false,
  },
  {
    name: 'PROFESSIONAL',
    price: '99',
    yearlyPrice: '79',
    period: 'per month',
    features: [
      'Unlimited projects',
      'Advanced analytics',
      '24-hour support response time',
      'Full API access',
      'Priority support',
      'Team collaboration',
      'Custom integrations',
    ],
    description: 'Ideal for growing teams and businesses',
    buttonText: 'Get Started',
    href: paths.signUp,
    isPopular: true,
  },
  {
    name: 'ENTERPRISE',
    price: '299',
    yearlyPrice: '239',
    period: 'per month',
    features: [
      'Everything in Professional',
      'Custom solutions',
      'Dedicated account manager',
      '1-hour support response time',
      'SSO authentication',
      'Advanced security',
      'Custom contracts',
      'SLA agreement',
    ],
    description: 'For large organizations with specific needs',
    buttonText: 'Contact Sales',
    href: paths.contact,
    isPopular: false,
  },
];

/** Texts of the pricing screen (spec §2, §9). */
export const pricingCopy = {
  title: 'Simple, Transparent Pricing',
  subtitle: 'All plans include access to our platform, lead generation tools, and dedicated support.',
  annualToggle: 'Annual billing',
  annualSaving: `(Save ${ANNUAL_DISCOUNT_PERCENT}%)`,
  billedMonthly: 'billed monthly',
  billedAnnually: 'billed annually',
  popular: 'Popular',
} as const;

/** `/sign-up?plan=<slug>` remembers the chosen plan (read by the sign-up form). */
export const SIGN_UP_PLAN_PARAM = 'plan';

export function planSlug(plan: Pick<PricingPlan, 'name'>): string {
  return plan.name.toLowerCase();
}

export function findPlanBySlug(slug: string | null | undefined): PricingPlan | undefined {
  return pricingPlans.find((plan) => planSlug(plan) === slug);
}

/** Where a plan's button leads: sign-up plans carry their slug; Contact Sales goes to the contact form. */
export function planHref(plan: PricingPlan): string {
  return plan.href === paths.signUp ? `${paths.signUp}?${SIGN_UP_PLAN_PARAM}=${planSlug(plan)}` : plan.href;
}

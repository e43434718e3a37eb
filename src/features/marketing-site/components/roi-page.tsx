import { BadgeDollarSign, MousePointerClick, UserPlus } from 'lucide-react';
import { MailtoCallToAction } from './mailto-call-to-action';
import { PageHeader } from './page-header';
import { PageMeta } from './page-meta';

const tracking = [
  { title: 'Define the goals', text: 'Agree on the actions that create value — an enquiry, a booking, a sign-up, a sale — and what each one is worth to you.' },
  { title: 'Measure every step', text: 'Privacy-friendly analytics and event tracking on the pages and forms that lead to those actions, set up before launch.' },
  { title: 'Connect to revenue', text: 'Feed leads and sales back from your CRM or shop so each visit can be traced to what it eventually earned.' },
  { title: 'Review every month', text: 'A short report with the numbers that moved, why they moved, and the next improvement we will test.' },
];

const metrics = [
  {
    title: 'Conversion Rate',
    icon: MousePointerClick,
    text: 'The share of visits that complete a goal. Conversions ÷ visits × 100. We measure it before and after every change, so an improvement is a number, not an impression.',
  },
  {
    title: 'Lead Generation',
    icon: UserPlus,
    text: 'The number and quality of enquiries the site produces each month, with their source — search, social, email or referral — and the share that turn into customers.',
  },
  {
    title: 'Revenue Attribution',
    icon: BadgeDollarSign,
    text: 'The revenue that can be traced back to the website, from first visit to signed contract. It turns “the site looks nice” into “the site brought in $48,000 this quarter”.',
  },
];

export function RoiPage() {
  return (
    <main className="mx-auto w-full max-w-7xl space-y-20 px-4 py-16 sm:px-6 lg:px-8">
      <PageMeta
        title="Measuring Website ROI"
        description="How to measure the return on investment of a website: why ROI matters, how to track success, and the three metrics that count."
      />
      <PageHeader eyebrow="Website ROI" title="Measuring Website ROI">
        <p>
          A website is an investment, and like any investment it should pay you back. Here is how we measure what
          yours returns — in numbers your accountant would accept.
        </p>
      </PageHeader>

      <section aria-labelledby="why-title" className="mx-auto max-w-3xl">
        <h2 id="why-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Why ROI matters
        </h2>
        <div className="mt-4 space-y-4 text-lg leading-8 text-slate-600">
          <p>
            Without measurement, a website is judged on taste. With it, every decision — a new page, a shorter form,
            a faster host — can be weighed against what it earns. That is how a site stops being a cost and becomes
            your hardest-working salesperson.
          </p>
          <p>
            The sum itself is simple: ROI = (revenue from the website − what it cost) ÷ what it cost × 100%. A
            $20,000 site that brings in $70,000 of new business in its first year has returned 250%.
          </p>
        </div>
      </section>

      <section aria-labelledby="tracking-title">
        <h2 id="tracking-title" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Tracking success
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {tracking.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6">
              <p className="text-sm font-semibold text-blue-700">{index + 1}</p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="metrics-title">
        <h2 id="metrics-title" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          The three metrics that count
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {metrics.map((metric) => (
            <li key={metric.title} className="rounded-2xl bg-slate-50 p-6">
              <metric.icon className="size-8 text-blue-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{metric.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{metric.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <MailtoCallToAction
        title="What does your website return?"
        text="Send us your address and we will come back with a free review: where your site loses visitors, and what fixing it would be worth."
        subject="Website ROI review"
        label="Email us for a free ROI review"
      />
    </main>
  );
}

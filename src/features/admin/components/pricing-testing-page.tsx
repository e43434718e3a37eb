import { PricingSection } from '@/components/pricing/pricing-section';
import { adminCopy } from '@/config/admin-copy';
import { AdminPageHeader } from './admin-page-header';
import { TestPageHero } from './test-page-hero';

/** /admin/page-5: the public pricing component live, with a guide to placing it. */
export function PricingTestingPage({ title }: { title: string }) {
  const copy = adminCopy.pricingPage;
  return (
    <main className="space-y-10">
      <AdminPageHeader title={copy.title} eyebrow={title}>
        <p>{copy.intro}</p>
      </AdminPageHeader>
      <TestPageHero number={5} title={copy.title} />
      <div className="rounded-lg border bg-white px-4 py-10 shadow-sm sm:px-8">
        <PricingSection id="pricing-demo" />
      </div>
      <section aria-labelledby="integration-guide" className="rounded-lg border bg-white p-6 shadow-sm">
        <h2 id="integration-guide" className="text-xl font-semibold text-slate-900">
          {copy.guideTitle}
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-700">
          {copy.guideSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <figure className="mt-6">
          <figcaption className="mb-2 text-sm font-medium text-slate-600">{copy.codeLabel}</figcaption>
          <pre tabIndex={0} className="overflow-x-auto rounded-md bg-slate-900 p-4 text-sm leading-6 text-slate-100">
            <code>{copy.code}</code>
          </pre>
        </figure>
      </section>
    </main>
  );
}

import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PricingSection } from '@/components/pricing/pricing-section';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { Hero } from './hero';
import { PageMeta } from './page-meta';
import { PortfolioGrid } from './portfolio-grid';

export function LandingPage() {
  return (
    <main>
      <PageMeta
        title={site.name}
        description="Beyond Brochures builds high performance, task driven websites — and a marketing platform for the teams who run them. See our work and pricing."
      />
      <Hero />
      <section aria-labelledby="work-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id="work-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Websites that get things done
            </h2>
            <p className="mt-4 text-lg text-slate-600">
              Three of the sites we have built: each one designed around what its visitors came to do.
            </p>
          </div>
          <Link to={paths.portfolio} className="inline-flex items-center gap-1 text-sm font-semibold text-blue-700 hover:text-blue-900">
            See all of our work <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <div className="mt-10">
          <PortfolioGrid />
        </div>
      </section>
      <div className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <PricingSection />
        </div>
      </div>
    </main>
  );
}

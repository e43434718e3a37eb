import { PageHeader } from './page-header';
import { PageMeta } from './page-meta';
import { PortfolioGrid } from './portfolio-grid';

export function PortfolioPage() {
  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <PageMeta
        title="Our Work"
        description="Client websites by Beyond Brochures: a publishing platform for creators, a travel agency for mature travelers and a community for active seniors."
      />
      <PageHeader eyebrow="Portfolio" title="Our Work">
        <p>
          Every project starts with one question: what does a visitor come here to do? These sites answer it for
          writers, travelers and communities — and they stay fast on the phones people actually use.
        </p>
      </PageHeader>
      <div className="mt-12">
        <PortfolioGrid headingLevel="h2" isAboveFold />
      </div>
    </main>
  );
}

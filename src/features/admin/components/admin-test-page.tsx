import { NotFound } from '@/components/errors/not-found';
import { Skeleton } from '@/components/ui/skeleton';
import { adminCopy } from '@/config/admin-copy';
import { useAdminPages } from '@/features/admin/api/get-admin-pages';
import { AdminPageHeader } from './admin-page-header';
import { PricingTestingPage } from './pricing-testing-page';
import { QueryError } from './query-state';
import { TestPageHero } from './test-page-hero';

export const PRICING_TESTING_PAGE_NUMBER = 5;

/**
 * /admin/page-{n}: a page stored in admin_pages (also pages added later); a number that is not stored is the 404
 * page. Page 5 is the Pricing Testing Page; the others are blank test pages with a hero image.
 */
export function AdminTestPage({ number }: { number: number }) {
  const pages = useAdminPages();
  if (pages.isPending) {
    return (
      <div role="status" aria-label={adminCopy.pagesLoading} className="space-y-6">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="aspect-video w-full" />
      </div>
    );
  }
  if (pages.isError) return <QueryError message={adminCopy.testPage.loadFailed} error={pages.error} onRetry={() => void pages.refetch()} />;

  const page = pages.data.find((candidate) => candidate.number === number);
  if (!page) return <NotFound variant="inline" />;
  if (page.number === PRICING_TESTING_PAGE_NUMBER) return <PricingTestingPage title={page.title} />;

  const copy = adminCopy.testPage;
  return (
    <main className="space-y-8">
      <AdminPageHeader title={page.title} eyebrow={`Page ${page.number}`} />
      <TestPageHero number={page.number} title={page.title} />
      <section aria-labelledby="test-page-content" className="space-y-3 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
        <h2 id="test-page-content" className="text-xl font-semibold text-slate-900">
          {copy.placeholderTitle}
        </h2>
        {copy.placeholder.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
    </main>
  );
}

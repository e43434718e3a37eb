import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { adminCopy } from '@/config/admin-copy';
import { paths } from '@/config/paths';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@/lib/use-media-query';
import { AdminPageHeader } from './admin-page-header';

/** /admin: what the admin area offers, and how to start. */
export function AdminDashboardPage() {
  const copy = adminCopy.dashboard;
  // The admin navigation sits beside the page from `md` on (AdminLayout), above it on a phone.
  const navPlace = useMediaQuery(WIDE_SCREEN_QUERY) ? copy.navPlace.wide : copy.navPlace.narrow;
  return (
    <main className="space-y-8">
      <AdminPageHeader title={copy.title}>
        <p>{copy.statement(navPlace)}</p>
      </AdminPageHeader>
      <section aria-labelledby="getting-started" className="rounded-lg border bg-white p-6 shadow-sm">
        <h2 id="getting-started" className="text-xl font-semibold text-slate-900">
          {copy.gettingStartedTitle}
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-700">
          {copy.gettingStarted.map((step) => {
            const text = typeof step === 'function' ? step(navPlace) : step;
            return <li key={text}>{text}</li>;
          })}
        </ol>
        <Link to={paths.administrator} className={`${buttonVariants()} mt-6`}>
          {copy.administratorCta}
          <ArrowRight aria-hidden="true" />
        </Link>
      </section>
    </main>
  );
}

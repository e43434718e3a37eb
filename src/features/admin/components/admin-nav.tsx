import { BarChart3, ChevronDown, FileText, FlaskConical, Inbox, LayoutDashboard, ListChecks, SearchCheck, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { adminCopy } from '@/config/admin-copy';
import { paths } from '@/config/paths';
import { useAdminPages } from '@/features/admin/api/get-admin-pages';
import { useNewLeadCount } from '@/features/admin/api/get-new-lead-count';
import { jobsCopy } from '@/config/jobs-copy';
import { leadsCopy } from '@/config/leads-copy';
import { cn } from '@/lib/utils';
import { QueryError } from './query-state';

const linkClass =
  'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800';

function NavEntry({ to, icon, children, end = false, badge }: { to: string; icon: ReactNode; children: ReactNode; end?: boolean; badge?: ReactNode }) {
  return (
    <NavLink to={to} end={end} className={linkClass}>
      {icon}
      <span className="truncate">{children}</span>
      {badge}
    </NavLink>
  );
}

/** "3 new" beside Leads while leads wait (nothing while loading, on failure or at zero). */
function NewLeadsBadge() {
  const count = useNewLeadCount().data ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="new-leads-count">
      {leadsCopy.navNewCount(count)}
    </span>
  );
}

/**
 * The admin area's navigation: the dashboard, the Administrator screen, the leads inbox (with the count of new leads),
 * the agency website's analytics, the background work and the admin pages stored in the database.
 * On a wide screen a column on the left listing every page (no inner scroll box cutting one in half); on a phone it
 * sits above the page, its page list behind a "Test pages (n)" button so the page itself comes first.
 */
export function AdminNav() {
  const pages = useAdminPages();
  const [arePagesShown, setPagesShown] = useState(false);
  return (
    <nav aria-label={adminCopy.navLabel} className="shrink-0 md:w-60">
      <ul className="space-y-1">
        <li>
          <NavEntry to={paths.admin} end icon={<LayoutDashboard className="size-4" aria-hidden="true" />}>
            {adminCopy.dashboardLink}
          </NavEntry>
        </li>
        <li>
          <NavEntry to={paths.administrator} icon={<ShieldCheck className="size-4" aria-hidden="true" />}>
            {adminCopy.administratorLink}
          </NavEntry>
        </li>
        <li>
          <NavEntry to={paths.adminLeads} icon={<Inbox className="size-4" aria-hidden="true" />} badge={<NewLeadsBadge />}>
            {leadsCopy.navLink}
          </NavEntry>
        </li>
        <li>
          <NavEntry to={paths.adminAnalytics} icon={<BarChart3 className="size-4" aria-hidden="true" />}>
            {adminCopy.analyticsLink}
          </NavEntry>
        </li>
        <li>
          <NavEntry to={paths.adminSeo} icon={<SearchCheck className="size-4" aria-hidden="true" />}>
            {adminCopy.seoLink}
          </NavEntry>
        </li>
        <li>
          <NavEntry to={paths.adminJobs} icon={<ListChecks className="size-4" aria-hidden="true" />}>
            {jobsCopy.navLink}
          </NavEntry>
        </li>
      </ul>
      <h2 id="admin-nav-pages" className="mt-5 hidden px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-slate-600 md:block">
        {adminCopy.pagesHeading}
      </h2>
      <button
        type="button"
        aria-expanded={arePagesShown}
        aria-controls="admin-nav-pages-list"
        onClick={() => setPagesShown((shown) => !shown)}
        className="mt-2 flex w-full items-center justify-between rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden"
      >
        {adminCopy.showPages(pages.data?.length ?? 0)}
        <ChevronDown className={cn('size-4 transition-transform', arePagesShown && 'rotate-180')} aria-hidden="true" />
      </button>
      {pages.isPending ? (
        <div role="status" aria-label={adminCopy.pagesLoading} className="space-y-2 px-3">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-6" />
          ))}
        </div>
      ) : pages.isError ? (
        <QueryError message={adminCopy.pagesLoadFailed} error={pages.error} onRetry={() => void pages.refetch()} />
      ) : (
        <ul id="admin-nav-pages-list" aria-labelledby="admin-nav-pages" className={cn('space-y-1 md:block', arePagesShown ? 'block' : 'hidden')} data-testid="admin-nav-pages">
          {pages.data.map((page) => (
            <li key={page.id}>
              <NavEntry
                to={paths.adminPage(page.number)}
                icon={
                  page.number === 1 ? (
                    <FlaskConical className="size-4 text-blue-700" aria-hidden="true" />
                  ) : (
                    <FileText className="size-4" aria-hidden="true" />
                  )
                }
              >
                {page.title}
              </NavEntry>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

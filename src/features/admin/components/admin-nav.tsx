import { FileText, FlaskConical, LayoutDashboard, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { adminCopy } from '@/config/admin-copy';
import { paths } from '@/config/paths';
import { useAdminPages } from '@/features/admin/api/get-admin-pages';
import { QueryError } from './query-state';

const linkClass =
  'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800';

function NavEntry({ to, icon, children, end = false }: { to: string; icon: ReactNode; children: ReactNode; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className={linkClass}>
      {icon}
      <span className="truncate">{children}</span>
    </NavLink>
  );
}

/** The left navigation of the admin area: the dashboard, the Administrator screen and the admin pages stored in the database. */
export function AdminNav() {
  const pages = useAdminPages();
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
      </ul>
      <h2 id="admin-nav-pages" className="mt-5 px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-slate-600">
        {adminCopy.pagesHeading}
      </h2>
      {pages.isPending ? (
        <div role="status" aria-label={adminCopy.pagesLoading} className="space-y-2 px-3">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-6" />
          ))}
        </div>
      ) : pages.isError ? (
        <QueryError message={adminCopy.pagesLoadFailed} error={pages.error} onRetry={() => void pages.refetch()} />
      ) : (
        <ul aria-labelledby="admin-nav-pages" className="max-h-48 space-y-1 overflow-y-auto md:max-h-[calc(100vh-16rem)]" data-testid="admin-nav-pages">
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

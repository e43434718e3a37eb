import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { adminCopy } from '@/config/admin-copy';
import { isAppRoute, paths, withoutTrailingSlash } from '@/config/paths';
import { adminKeys } from '@/features/admin/api/keys';
import { useAdminSession } from '@/lib/admin-session';
import { AdminNav } from './admin-nav';
import { LoadingLine } from './query-state';

/**
 * Every /admin route (spec §2 "Admin guard"): a confirmed site admin sees the page beside the admin navigation;
 * while the stored session is being checked the page waits; anybody else goes to /admin-login, replacing history
 * (Back does not return to the admin page). A path that is no admin screen (/admin/foo) is the 404 page: inside the
 * admin area for the admin, on its own for anybody else. The server enforces the same rule on every read and write.
 */
export function AdminLayout() {
  const { status } = useAdminSession();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();

  // Nothing of the admin data stays in memory once the admin session is gone.
  useEffect(() => {
    if (status === 'visitor') queryClient.removeQueries({ queryKey: adminKeys.all });
  }, [status, queryClient]);

  if (status === 'checking') {
    return (
      <div className="flex flex-1 items-center justify-center p-10">
        <LoadingLine>{adminCopy.checking}</LoadingLine>
      </div>
    );
  }
  if (status !== 'admin') return isAppRoute(withoutTrailingSlash(pathname)) ? <Navigate to={paths.adminLogin} replace /> : <NotFound />;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row md:gap-10 md:py-10 lg:px-8">
      <AdminNav />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

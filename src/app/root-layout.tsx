import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error';
import { ScrollRestoration } from './scroll-restoration';

/**
 * Around every page: a page that fails shows the route error (until the next navigation), scroll positions follow the
 * history. The Suspense boundary only shows on a first load that renders before its page is loaded (the entry loads
 * it first); a navigation keeps the page it leaves on screen until the next one is loaded (router transitions).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <ScrollRestoration />
    </>
  );
}

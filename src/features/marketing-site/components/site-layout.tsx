import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Public pages (and, for now, the admin pages): the site header above the page, the footer below. Starts the agency's
 * own analytics snippet (it leaves out the admin area's paths).
 */
export function SiteLayout() {
  // The agency measures its own site (cookie-less), once the page is interactive: even the loader's code comes after
  // the load event (src/lib/agency-analytics.ts).
  useEffect(() => {
    const start = () => void import('@/lib/agency-analytics').then((module) => module.startAgencyAnalytics());
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader />
      <div id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}

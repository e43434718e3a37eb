import { Link, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

/** Public pages: the site header above the page. */
export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b">
        <div className="container mx-auto flex h-16 items-center px-4">
          <Link to={paths.home} className="text-lg font-bold">
            {site.name}
          </Link>
        </div>
      </header>
      <Outlet />
    </div>
  );
}

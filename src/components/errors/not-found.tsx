import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { publicMessages } from '@/config/public-messages';
import { paths } from '@/config/paths';

/**
 * The 404 page. `inline` fits it inside a layout that has its own navigation (the admin area), instead of
 * filling the screen.
 */
export function NotFound({ variant = 'page' }: { variant?: 'page' | 'inline' }) {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className={variant === 'page' ? 'flex min-h-screen items-center justify-center bg-muted' : 'flex items-center justify-center py-24'}>
      <title>Page not found | Beyond Brochures</title>
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">{publicMessages.notFound.code}</h1>
        <p className="mb-4 text-xl text-muted-foreground">{publicMessages.notFound.title}</p>
        <Link to={paths.home} className="text-blue-700 underline hover:text-blue-900">
          {publicMessages.notFound.backHome}
        </Link>
      </div>
    </main>
  );
}

import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';

export function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted">
      <title>Page not found | Beyond Brochures</title>
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">{messages.notFound.code}</h1>
        <p className="mb-4 text-xl text-muted-foreground">{messages.notFound.title}</p>
        <Link to={paths.home} className="text-blue-700 underline hover:text-blue-900">
          {messages.notFound.backHome}
        </Link>
      </div>
    </main>
  );
}

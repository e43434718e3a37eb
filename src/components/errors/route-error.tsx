import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';

/** The route error element: something failed while rendering or loading a page. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  if (!isRouteErrorResponse(error)) console.error('Route error:', error);
  return (
    <main role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        This page could not be shown{detail ? ` (${detail})` : ''}. Reloading usually helps; if it keeps happening, try
        again in a few minutes.
      </p>
      <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </main>
  );
}

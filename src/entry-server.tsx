import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

export interface RenderResult {
  html: string;
  status: number;
}

/** Renders one route to HTML at build time (public routes only: they need no backend). */
export async function render(pathname: string): Promise<RenderResult> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`Unexpected redirect while prerendering ${pathname}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProvider queryClient={createQueryClient()} isPrerendered>
      {/* hydrate={false}: no inline script (the CSP allows none); the client router needs no loader data. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
  return { html, status: context.statusCode };
}

export { prerenderedPaths } from '@/config/paths';

import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { loadRoute } from '@/app/lazy-route';
import { AppRoutes } from '@/app/router';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

export interface RenderResult {
  html: string;
  status: number;
}

/** Renders one route to HTML at build time (public routes only: they need no backend). */
export async function render(pathname: string): Promise<RenderResult> {
  await loadRoute(routes, pathname);
  const html = renderToString(
    <AppProvider queryClient={createQueryClient()} isPrerendered>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </AppProvider>,
  );
  const isNotFound = matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
  return { html, status: isNotFound ? 404 : 200 };
}

export { prerenderedPaths } from '@/config/paths';
export { renderAppFrame } from '@/features/dashboard/components/app-frame-html';
export { APP_FRAME_SCRIPT } from '@/config/app-frame-script';

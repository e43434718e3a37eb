import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { prerenderedPaths, withoutTrailingSlash } from '@/config/paths';
import { authCallbackRedirect } from '@/lib/auth-callback';
import { withQueryClient } from '@/lib/deferred-query-client';
import './styles/index.css';

/**
 * Loads the lazy modules of the current route before the router starts: a prerendered page hydrates with
 * matching markup, and any other page renders at once instead of through an empty hydration fallback.
 */
async function resolveLazyMatches(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

/**
 * The server sent prerendered HTML that this route renders too: a public page, or the 404 page for a path no route
 * matches. Any other page in prerendered HTML (the 404 page for a path the app shows inside a layout of its own, such
 * as /admin/foo) is rendered afresh instead of hydrated.
 */
function hydratesPrerenderedHtml(container: HTMLElement): boolean {
  if (container.firstElementChild === null) return false;
  const leaf = matchRoutes(routes, window.location)?.at(-1)?.route;
  return leaf?.path === '*' || (prerenderedPaths as readonly string[]).includes(withoutTrailingSlash(window.location.pathname));
}

async function start(): Promise<void> {
  const callback = authCallbackRedirect(window.location);
  if (callback) {
    window.location.replace(callback);
    return;
  }
  const container = document.getElementById('root')!;
  const isPrerendered = hydratesPrerenderedHtml(container);
  if (!isPrerendered) container.replaceChildren();
  if (isPrerendered) {
    // The prerendered page needs no query client: hydrate first; routes loaded later wait for the client.
    await resolveLazyMatches();
    withQueryClient(routes);
  } else {
    withQueryClient(routes);
    await resolveLazyMatches();
  }
  const app = (
    <AppProvider isPrerendered={isPrerendered}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProvider>
  );
  if (isPrerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();

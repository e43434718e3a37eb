import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { withQueryClient } from '@/lib/deferred-query-client';
import './styles/index.css';

/** Prerendered pages are hydrated: load the lazy modules of the current route first so the markup matches. */
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

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const isPrerendered = container.firstElementChild !== null;
  if (isPrerendered) await resolveLazyMatches();
  // Routes loaded from now on wait for the query client (the prerendered page above did not need it).
  withQueryClient(routes);
  const app = (
    <AppProvider isPrerendered={isPrerendered}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProvider>
  );
  if (isPrerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();

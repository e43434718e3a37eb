import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { AppProvider } from '@/app/provider';
import { gatePageLoads, loadRoute, startRoute } from '@/app/lazy-route';
import { AppRoutes } from '@/app/router';
import { routes } from '@/app/routes';
import { prerenderedPaths, withoutTrailingSlash } from '@/config/paths';
import { appFramePainted, removeAppFrame } from '@/lib/app-frame';
import { authCallbackRedirect } from '@/lib/auth-callback';
import { whenQueryClientReady } from '@/lib/deferred-query-client';
import './styles/index.css';

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

/**
 * Loads the current route's pages before React renders: a prerendered page hydrates with matching markup, any other
 * page renders at once instead of through an empty fallback. Any other page also starts its data here, in parallel
 * with its chunks (the HTML preloads them: scripts/prerender.mjs).
 */
async function start(): Promise<void> {
  const callback = authCallbackRedirect(window.location);
  if (callback) {
    window.location.replace(callback);
    return;
  }
  const container = document.getElementById('root')!;
  const location = `${window.location.pathname}${window.location.search}`;
  const isPrerendered = hydratesPrerenderedHtml(container);
  if (!isPrerendered) container.replaceChildren();
  if (isPrerendered) {
    // The prerendered page needs no query client: hydrate first; pages loaded later wait for the client.
    await loadRoute(routes, location);
    gatePageLoads(whenQueryClientReady);
  } else {
    // The frame's own reads first (a signed-in page whose frame paints its largest text from them): see app-frame.
    await appFramePainted();
    gatePageLoads(whenQueryClientReady);
    startRoute(routes, location);
    await loadRoute(routes, location);
  }
  const app = (
    <AppProvider isPrerendered={isPrerendered}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
  if (isPrerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

// The app could not start (a chunk failed to load): no page's frame stays on screen as if it were coming.
start().catch((error: unknown) => {
  removeAppFrame();
  throw error;
});

import { useEffect } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { startRoute } from './lazy-route';
import { routes } from './routes';

const INTENTS = ['mouseover', 'focusin', 'touchstart'] as const;

/**
 * The app's pages under whichever router the entry gives (BrowserRouter in the browser, StaticRouter when
 * prerendering). Each page's chunks and data start as soon as its route is known: on a link's hover, focus or touch,
 * and on every navigation (the entry starts the first page itself, before React renders).
 */
export function AppRoutes() {
  const { pathname, search } = useLocation();

  useEffect(() => startRoute(routes, `${pathname}${search}`), [pathname, search]);

  useEffect(() => {
    let last = '';
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target === '_blank') return;
      const href = `${link.pathname}${link.search}`;
      if (href === last) return;
      last = href;
      startRoute(routes, href);
    };
    for (const type of INTENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of INTENTS) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, []);

  return useRoutes(routes);
}

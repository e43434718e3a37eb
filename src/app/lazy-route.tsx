import { use, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** What a thin route file gives the route table: its page, and the data to start before the page renders. */
export interface RouteModule {
  Component: ComponentType;
  /**
   * Starts the page's data (TanStack Query prefetches) as soon as the route is known: at start, on a link's hover or
   * focus, on navigation. Never awaited: the page renders its frame and skeletons meanwhile, and its queries find
   * the requests under way.
   */
  prefetch?: () => void;
}

/** A page in its own chunk. */
export interface LazyPage {
  /** The loaded module: from then on the page renders at once. */
  readonly module: RouteModule | undefined;
  /** Loads the module (once; again after a failure). */
  load(): Promise<RouteModule>;
}

let gate: (() => Promise<unknown>) | undefined;

/**
 * From now on a page also waits for `wait` before it first renders. The browser entry passes the query client's
 * arrival, so any page may use TanStack Query; pages loaded before (the prerendered page being hydrated) do not wait.
 */
export function gatePageLoads(wait: () => Promise<unknown>): void {
  gate = wait;
}

function lazyPage(importModule: () => Promise<RouteModule>): LazyPage {
  let module: RouteModule | undefined;
  let loading: Promise<RouteModule> | undefined;
  return {
    get module() {
      return module;
    },
    load() {
      if (!loading) {
        const current = Promise.all([importModule(), gate?.()]).then(([loaded]) => (module = loaded));
        current.catch(() => {
          if (loading === current) loading = undefined;
        });
        loading = current;
      }
      return loading;
    },
  };
}

/** Suspends until its page is loaded (the nearest Suspense boundary, or the page shown before a navigation, stays). */
function LazyRouteElement({ page }: { page: LazyPage }) {
  const { Component } = page.module ?? use(page.load());
  return <Component />;
}

interface LazyRouteHandle {
  page: LazyPage;
}

/**
 * A route whose page is its own chunk, loaded on first use:
 * `{ path: paths.x, ...lazyRoute(() => import('./routes/x').then((m) => ({ Component: m.XRoute, prefetch: m.prefetchX }))) }`.
 */
export function lazyRoute(importModule: () => Promise<RouteModule>): Pick<RouteObject, 'element' | 'handle'> {
  const page = lazyPage(importModule);
  return { element: <LazyRouteElement page={page} />, handle: { page } satisfies LazyRouteHandle };
}

/** The lazy pages of the routes that match `location`, outermost first (layouts, then the page). */
export function matchedPages(routes: RouteObject[], location: string): LazyPage[] {
  return (matchRoutes(routes, location) ?? []).flatMap(({ route }) => (route.handle as LazyRouteHandle | undefined)?.page ?? []);
}

/** Loads every page of `location`; resolves when all are loaded. */
export function loadRoute(routes: RouteObject[], location: string): Promise<RouteModule[]> {
  return Promise.all(matchedPages(routes, location).map((page) => page.load()));
}

/** Loads the pages of `location` and starts their data, each as soon as its module is there (idempotent). */
export function startRoute(routes: RouteObject[], location: string): void {
  for (const page of matchedPages(routes, location)) {
    page.load().then(
      (module) => module.prefetch?.(),
      () => {
        // The page itself shows the failure when it renders (route error), with a way to reload.
      },
    );
  }
}

import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Outlet, useRoutes, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as LazyRouteModule from './lazy-route';

/** lazy-route keeps the gate in module state: each test gets a fresh copy. */
let lazy: typeof LazyRouteModule;
beforeEach(async () => {
  vi.resetModules();
  lazy = await import('./lazy-route');
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Rendered inside an awaited act: React 19 only retries a suspended render there in tests. */
async function renderAt(routes: RouteObject[], path: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>fallback</p>}>
          <Routes routes={routes} />
        </Suspense>
      </MemoryRouter>,
    );
  });
}

describe('lazyRoute', () => {
  it('loads a page once, and renders it without a fallback once loaded', async () => {
    const importPage = vi.fn(() => Promise.resolve({ Component: () => <p>the page</p> }));
    const routes: RouteObject[] = [{ path: '/a', ...lazy.lazyRoute(importPage) }];
    await lazy.loadRoute(routes, '/a');
    await lazy.loadRoute(routes, '/a');
    await renderAt(routes, '/a');
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).toBeNull();
    expect(importPage).toHaveBeenCalledTimes(1);
  });

  it('suspends a page that is not loaded yet, then shows it', async () => {
    const page = deferred<{ Component: () => ReactNode }>();
    const routes: RouteObject[] = [{ path: '/a', ...lazy.lazyRoute(() => page.promise) }];
    await renderAt(routes, '/a');
    expect(screen.getByText('fallback')).toBeInTheDocument();
    await act(async () => page.resolve({ Component: () => <p>the page</p> }));
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('makes pages loaded after gatePageLoads wait for the gate, and not those loaded before', async () => {
    const early = lazy.lazyRoute(() => Promise.resolve({ Component: () => null }));
    const late = lazy.lazyRoute(() => Promise.resolve({ Component: () => null }));
    const routes: RouteObject[] = [
      { path: '/early', ...early },
      { path: '/late', ...late },
    ];
    await lazy.loadRoute(routes, '/early');
    const gate = deferred<void>();
    lazy.gatePageLoads(() => gate.promise);
    let isLateLoaded = false;
    void lazy.loadRoute(routes, '/late').then(() => (isLateLoaded = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(isLateLoaded).toBe(false);
    gate.resolve();
    await vi.waitFor(() => expect(isLateLoaded).toBe(true));
  });

  it('loads again after a failed load', async () => {
    const importPage = vi
      .fn<() => Promise<{ Component: () => null }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ Component: () => null });
    const routes: RouteObject[] = [{ path: '/a', ...lazy.lazyRoute(importPage) }];
    await expect(lazy.loadRoute(routes, '/a')).rejects.toThrow('chunk failed');
    await expect(lazy.loadRoute(routes, '/a')).resolves.toHaveLength(1);
  });
});

describe('startRoute', () => {
  it("starts the data of every matched page (layout and page), as soon as each is loaded, and of no other", async () => {
    const layoutPrefetch = vi.fn();
    const pagePrefetch = vi.fn();
    const otherPrefetch = vi.fn();
    const routes: RouteObject[] = [
      {
        ...lazy.lazyRoute(() => Promise.resolve({ Component: Outlet, prefetch: layoutPrefetch })),
        children: [
          { path: '/a', ...lazy.lazyRoute(() => Promise.resolve({ Component: () => null, prefetch: pagePrefetch })) },
          { path: '/b', ...lazy.lazyRoute(() => Promise.resolve({ Component: () => null, prefetch: otherPrefetch })) },
        ],
      },
    ];
    expect(lazy.matchedPages(routes, '/a')).toHaveLength(2);
    lazy.startRoute(routes, '/a?x=1');
    await vi.waitFor(() => expect(pagePrefetch).toHaveBeenCalledTimes(1));
    expect(layoutPrefetch).toHaveBeenCalledTimes(1);
    expect(otherPrefetch).not.toHaveBeenCalled();
  });

  it('leaves a page that fails to load to show its error when it renders', async () => {
    const routes: RouteObject[] = [{ path: '/a', ...lazy.lazyRoute(() => Promise.reject(new Error('offline'))) }];
    expect(() => lazy.startRoute(routes, '/a')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

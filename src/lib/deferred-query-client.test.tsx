import { useQueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DeferredQueryClientProvider, whenQueryClientReady, withQueryClient } from './deferred-query-client';

function UsesQuery() {
  const client = useQueryClient();
  return <p>{client ? 'query client ready' : 'no client'}</p>;
}

/** Renders its child only after `whenQueryClientReady`, as a lazy route does. */
function LazyPage() {
  const [isReady, setIsReady] = useState(false);
  if (!isReady) void whenQueryClientReady().then(() => setIsReady(true));
  return isReady ? <UsesQuery /> : <p>loading page</p>;
}

describe('DeferredQueryClientProvider', () => {
  it('holds no client on a prerendered page before any interaction', async () => {
    render(
      <DeferredQueryClientProvider deferUntilInteraction>
        <p>public page</p>
      </DeferredQueryClientProvider>,
    );
    expect(screen.getByText('public page')).toBeInTheDocument();
  });

  it('lets a lazy page use the query client once the provider holds it', async () => {
    render(
      <DeferredQueryClientProvider deferUntilInteraction={false}>
        <LazyPage />
      </DeferredQueryClientProvider>,
    );
    expect(await screen.findByText('query client ready')).toBeInTheDocument();
  });
});

describe('withQueryClient', () => {
  it('makes function and object lazy routes wait for the client, in nested routes too', async () => {
    const page = { Component: () => null };
    const component = vi.fn(() => Promise.resolve(() => null));
    const routes: RouteObject[] = [
      { path: '/', children: [{ path: 'a', lazy: () => Promise.resolve(page) }] },
      { path: '/b', lazy: { Component: component } },
    ];
    withQueryClient(routes);
    const nested = routes[0]!.children![0]!.lazy as () => Promise<unknown>;
    await expect(nested()).resolves.toBe(page);
    const objectForm = routes[1]!.lazy as { Component: () => Promise<unknown> };
    await waitFor(() => expect(objectForm.Component()).resolves.toBeTypeOf('function'));
    expect(component).toHaveBeenCalled();
  });
});

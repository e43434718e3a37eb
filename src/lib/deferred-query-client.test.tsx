import { useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DeferredQueryClientProvider, whenQueryClientReady } from './deferred-query-client';

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

import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AdminSessionProvider } from '@/lib/admin-session';
import { DeferredQueryClientProvider } from '@/lib/deferred-query-client';
import { SiteConfigProvider } from '@/lib/site-config';

interface AppProviderProps {
  children: ReactNode;
  /** Server rendering passes a fresh client per page; in the browser the client loads on demand. */
  queryClient?: QueryClient;
  /**
   * Prerendered public pages: load the query client on the first interaction instead of at once, to keep it off
   * the first load (the Toaster loads with the first toast on every page). Tooltips bring their own provider (700/300 ms) where they are used:
   * see `@/components/ui/tooltip`.
   */
  isPrerendered?: boolean;
}

export function AppProvider({ children, queryClient, isPrerendered = false }: AppProviderProps) {
  // Runs after every effect below it: the page is interactive from here on (tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <StrictMode>
      <DeferredQueryClientProvider client={queryClient} deferUntilInteraction={isPrerendered}>
        <AdminSessionProvider>
          <SiteConfigProvider>
            {children}
            <DeferredToaster />
          </SiteConfigProvider>
        </AdminSessionProvider>
      </DeferredQueryClientProvider>
    </StrictMode>
  );
}

import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';

/**
 * TanStack Query without putting query-core on the first load of the prerendered public pages (~8 KB gzip).
 *
 * The provider always renders Query's own context (nothing remounts when the client arrives); the client is
 * loaded on demand, and every lazy page waits until the provider holds it (`whenQueryClientReady`, given to the
 * route table's `gatePageLoads` by the browser entry), so any page —
 * and anything it renders — uses `useQuery`/`useMutation`/`useQueryClient` as usual. Pages rendered in the
 * browser load it at once; prerendered pages on the first interaction (or the first navigation).
 */
interface Store {
  client: QueryClient | undefined;
  loading: Promise<QueryClient> | null;
  listeners: Set<() => void>;
  mountedProviders: number;
  /** The client is in the context of the mounted provider(s). */
  isProvided: boolean;
  waiting: (() => void)[];
}

const store: Store = { client: undefined, loading: null, listeners: new Set(), mountedProviders: 0, isProvided: false, waiting: [] };

export function loadQueryClient(): Promise<QueryClient> {
  store.loading ??= import('@/lib/query-client').then(({ createQueryClient }) => {
    store.client = createQueryClient();
    for (const listener of store.listeners) listener();
    return store.client;
  });
  store.loading.catch(() => {
    store.loading = null;
  });
  return store.loading;
}

/** Resolves once the query client is loaded and in the provider's context (at once without a provider). */
export async function whenQueryClientReady(): Promise<void> {
  await loadQueryClient();
  if (store.mountedProviders === 0 || store.isProvided) return;
  await new Promise<void>((resolve) => store.waiting.push(resolve));
}

function subscribe(listener: () => void): () => void {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
}

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

interface DeferredQueryClientProviderProps {
  children: ReactNode;
  /** Server rendering (and tests) pass their own client. */
  client?: QueryClient;
  /** Prerendered pages: load the client on the first interaction instead of at once. */
  deferUntilInteraction: boolean;
}

export function DeferredQueryClientProvider({ children, client: given, deferUntilInteraction }: DeferredQueryClientProviderProps) {
  const loaded = useSyncExternalStore(subscribe, () => store.client, () => undefined);
  const client = given ?? loaded;

  useEffect(() => {
    store.mountedProviders += 1;
    return () => {
      store.mountedProviders -= 1;
    };
  }, []);

  useEffect(() => {
    if (client) return;
    const load = () => void loadQueryClient().catch((error: unknown) => console.error('Failed to load the query client', error));
    if (!deferUntilInteraction) {
      load();
      return;
    }
    for (const type of INTERACTIONS) window.addEventListener(type, load, { once: true, passive: true, capture: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, load, { capture: true });
    };
  }, [client, deferUntilInteraction]);

  useEffect(() => {
    if (!client) return;
    client.mount();
    store.isProvided = true;
    for (const resolve of store.waiting.splice(0)) resolve();
    return () => client.unmount();
  }, [client]);

  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

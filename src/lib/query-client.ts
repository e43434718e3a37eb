import { QueryCache, QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Screens say in plain words that a load failed; the server's own message is for developers, here.
    queryCache: new QueryCache({
      onError: (error, query) => console.error('Failed to load', JSON.stringify(query.queryKey), error),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

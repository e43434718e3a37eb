import { useQuery } from '@tanstack/react-query';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';
import type { Database } from '@/types/database';

export type Keyword = Database['public']['Functions']['seo_keywords']['Returns'][number];
export type SearchTotals = Database['public']['Functions']['seo_search_totals']['Returns'][number];

export interface KeywordWindow {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

/** The extent of the site's search data (first and last day), to choose the window of the keyword list. */
export function useSearchExtent({ client, scope }: SeoClient, siteId: string) {
  return useQuery({
    queryKey: [...seoKeys.search(scope, siteId), 'extent'],
    queryFn: async (): Promise<SearchTotals | null> => (unwrap(await client.rpc('seo_search_totals', { site_id: siteId, day_from: '1900-01-01', day_to: '9999-12-31' })) ?? [])[0] ?? null,
  });
}

/** The keyword list of a window, with the previous window's clicks and position for the trend. */
export function useKeywords({ client, scope }: SeoClient, siteId: string, window: KeywordWindow | null) {
  return useQuery({
    queryKey: seoKeys.keywords(scope, siteId, window?.from ?? '', window?.to ?? ''),
    enabled: window !== null,
    queryFn: async (): Promise<Keyword[]> =>
      unwrap(
        await client.rpc('seo_keywords', { site_id: siteId, day_from: window!.from, day_to: window!.to, previous_from: window!.previousFrom, previous_to: window!.previousTo }),
      ) ?? [],
  });
}

import { useQuery } from '@tanstack/react-query';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';
import type { Database } from '@/types/database';

export type KeywordPoint = Database['public']['Functions']['seo_keyword_trend']['Returns'][number];
export type KeywordPage = Database['public']['Functions']['seo_keyword_pages']['Returns'][number];

/** A keyword's trend over all imported periods and the pages that rank for it in the window. */
export function useKeywordDetail({ client, scope }: SeoClient, siteId: string, query: string, window: { from: string; to: string }) {
  return useQuery({
    queryKey: seoKeys.keyword(scope, siteId, query, window.from, window.to),
    queryFn: async (): Promise<{ trend: KeywordPoint[]; pages: KeywordPage[] }> => {
      const [trend, pages] = await Promise.all([
        client.rpc('seo_keyword_trend', { site_id: siteId, query }),
        client.rpc('seo_keyword_pages', { site_id: siteId, query, day_from: window.from, day_to: window.to }),
      ]);
      return { trend: unwrap(trend) ?? [], pages: unwrap(pages) ?? [] };
    },
  });
}

import { useQuery } from '@tanstack/react-query';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';
import type { Database } from '@/types/database';

export type SeoSiteFigures = Database['public']['Functions']['seo_site_figures']['Returns'][number];

/** The module's figures of a site: its latest audit's score, issues and sitemap coverage, its last 28 days of search. */
export function useSiteFigures({ client, scope }: SeoClient, siteId: string, latestAuditId: string | null) {
  return useQuery({
    queryKey: [...seoKeys.figures(scope, siteId), latestAuditId],
    queryFn: async (): Promise<SeoSiteFigures | null> => (unwrap(await client.rpc('seo_site_figures', { site_id: siteId })) ?? [])[0] ?? null,
  });
}

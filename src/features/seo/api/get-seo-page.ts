import { useQuery } from '@tanstack/react-query';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';
import type { Database } from '@/types/database';

type PageRow = Database['public']['Tables']['seo_pages']['Row'];
type IssueRow = Database['public']['Tables']['seo_issues']['Row'];

export type SeoPage = Omit<PageRow, 'site_id'> & { issues: Pick<IssueRow, 'id' | 'check_id' | 'severity' | 'detail'>[] };

/** One audited page with all its issues (null: not a page of an audit the user may read). */
export function useSeoPage({ client, scope }: SeoClient, siteId: string, pageId: number) {
  return useQuery({
    queryKey: seoKeys.page(scope, siteId, pageId),
    queryFn: async (): Promise<SeoPage | null> => {
      const page = unwrap(
        await client
          .from('seo_pages')
          .select('id, audit_id, url, final_url, path, status, fetch_error, redirects, content_type, bytes, response_ms, depth, found_via, in_sitemap, inlinks, indexable, title, description, h1, canonical, lang, pageviews, score, issue_count, issues:seo_issues(id, check_id, severity, detail)')
          .eq('id', pageId)
          .maybeSingle(),
      );
      return (page as SeoPage | null) ?? null;
    },
    staleTime: Infinity,
  });
}

import { useQuery } from '@tanstack/react-query';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';
import type { Json } from '@/types/database';

export interface IssuePage {
  id: number;
  url: string;
  page_id: number | null;
  detail: Json;
  pageviews: number;
}

/** The pages (or site files) one check found a problem on, most visited first (at most 500). */
export function useIssuePages({ client, scope }: SeoClient, siteId: string, auditId: string, checkId: string) {
  return useQuery({
    queryKey: seoKeys.issuePages(scope, siteId, auditId, checkId),
    queryFn: async (): Promise<IssuePage[]> =>
      unwrap(
        await client
          .from('seo_issues')
          .select('id, url, page_id, detail, pageviews')
          .eq('audit_id', auditId)
          .eq('check_id', checkId)
          .order('priority', { ascending: false })
          .order('url')
          .limit(500),
      ) ?? [],
    staleTime: Infinity,
  });
}

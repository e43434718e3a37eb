import { useQuery } from '@tanstack/react-query';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';

export interface IssueSummaryRow {
  check_id: string;
  severity: string;
  pages: number;
  pageviews: number;
  priority: number;
}

/** An audit's issues by check, most pressing first (seo_issue_summary: severity × page views). */
export function useIssueSummary({ client, scope }: SeoClient, siteId: string, auditId: string) {
  return useQuery({
    queryKey: seoKeys.issues(scope, siteId, auditId),
    queryFn: async (): Promise<IssueSummaryRow[]> => unwrap(await client.rpc('seo_issue_summary', { audit_id: auditId })) ?? [],
    staleTime: Infinity,
  });
}

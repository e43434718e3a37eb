import { useQuery } from '@tanstack/react-query';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';
import type { Database } from '@/types/database';

export type SeoAudit = Pick<
  Database['public']['Tables']['seo_audits']['Row'],
  | 'id' | 'site_id' | 'status' | 'reason' | 'created_at' | 'started_at' | 'finished_at' | 'pages_crawled' | 'pages_discovered' | 'health_score'
  | 'critical_count' | 'error_count' | 'warning_count' | 'notice_count' | 'truncated' | 'error' | 'start_url'
>;

const COLUMNS =
  'id, site_id, status, reason, created_at, started_at, finished_at, pages_crawled, pages_discovered, health_score, critical_count, error_count, warning_count, notice_count, truncated, error, start_url';

export const isUnderWay = (audit: Pick<SeoAudit, 'status'> | undefined) => audit?.status === 'queued' || audit?.status === 'running';

/** A site's audits, newest first (the last 50); read again every 2 seconds while one is under way. */
export function useSeoAudits({ client, scope }: SeoClient, siteId: string) {
  return useQuery({
    queryKey: seoKeys.audits(scope, siteId),
    queryFn: async (): Promise<SeoAudit[]> =>
      unwrap(await client.from('seo_audits').select(COLUMNS).eq('site_id', siteId).order('created_at', { ascending: false }).limit(50)) ?? [],
    refetchInterval: (query) => (isUnderWay(query.state.data?.[0]) ? 2_000 : false),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';
import type { Database } from '@/types/database';

export type SeoSite = Pick<
  Database['public']['Tables']['seo_sites']['Row'],
  'id' | 'organization_id' | 'analytics_site_id' | 'name' | 'start_url' | 'page_limit' | 'crawl_delay_ms' | 'schedule' | 'next_audit_at'
>;

export const SEO_SITE_COLUMNS = 'id, organization_id, analytics_site_id, name, start_url, page_limit, crawl_delay_ms, schedule, next_audit_at';

/** The workspace's audited sites by name (RLS: members, viewers included); null: the agency's own site (site admins). */
async function getSeoSites({ client }: SeoClient, workspaceId: string | null): Promise<SeoSite[]> {
  const query = client.from('seo_sites').select(SEO_SITE_COLUMNS).order('name').order('id');
  return unwrap(await (workspaceId ? query.eq('organization_id', workspaceId) : query.is('organization_id', null))) ?? [];
}

export function useSeoSites(seo: SeoClient, workspaceId: string | null) {
  return useQuery(queryOptions({ queryKey: seoKeys.sites(seo.scope, workspaceId), queryFn: () => getSeoSites(seo, workspaceId) }));
}

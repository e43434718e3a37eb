import { useQuery } from '@tanstack/react-query';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { unwrap } from '@/lib/errors';

/** The workspace's measured sites, whose page views can rank a site's issues (the agency's for the agency's site). */
async function getAnalyticsSites({ client }: SeoClient, workspaceId: string | null) {
  const query = client.from('analytics_sites').select('id, name, domain').order('name');
  return unwrap(await (workspaceId ? query.eq('organization_id', workspaceId) : query.is('organization_id', null))) ?? [];
}

export function useAnalyticsSites(seo: SeoClient, workspaceId: string | null) {
  return useQuery({ queryKey: seoKeys.analyticsSites(seo.scope, workspaceId), queryFn: () => getAnalyticsSites(seo, workspaceId) });
}

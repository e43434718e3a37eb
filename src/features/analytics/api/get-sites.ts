import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { unwrap } from '@/lib/errors';

export interface AnalyticsSite {
  id: string;
  name: string;
  domain: string | null;
}

/** The workspace's sites, by name (RLS: members of the workspace, viewers included); null: the agency's own site. */
async function getSites({ client }: AnalyticsClient, workspaceId: string | null): Promise<AnalyticsSite[]> {
  const query = client.from('analytics_sites').select('id, name, domain').order('name').order('id');
  return unwrap(await (workspaceId ? query.eq('organization_id', workspaceId) : query.is('organization_id', null))) ?? [];
}

export function sitesQuery(analytics: AnalyticsClient, workspaceId: string | null) {
  return queryOptions({ queryKey: analyticsKeys.sites(analytics.scope, workspaceId), queryFn: () => getSites(analytics, workspaceId) });
}

export function useSites(analytics: AnalyticsClient, workspaceId: string | null) {
  return useQuery(sitesQuery(analytics, workspaceId));
}

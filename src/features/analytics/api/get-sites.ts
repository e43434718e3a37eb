import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { takeEarlyWorkspaceReads } from '@/lib/early-requests';
import { unwrap } from '@/lib/errors';

export interface AnalyticsSite {
  id: string;
  name: string;
  domain: string | null;
}

/**
 * The sites the shell's inline script read for this workspace with the stored session (`@/config/app-frame-script`),
 * once and only for the user and workspace they were made for; null when there are none or they failed (then the
 * app reads).
 */
async function earlySites({ client }: AnalyticsClient, workspaceId: string): Promise<AnalyticsSite[] | null> {
  if (typeof window === 'undefined' || !window.__earlyRequests?.analyticsSites) return null;
  const userId = (await client.auth.getSession()).data.session?.user.id;
  const reads = userId ? takeEarlyWorkspaceReads(window.__earlyRequests, 'analyticsSites', userId, workspaceId) : undefined;
  try {
    const rows = reads ? await reads.sites : null;
    return Array.isArray(rows) ? (rows as AnalyticsSite[]) : null;
  } catch {
    return null;
  }
}

/** The workspace's sites, by name (RLS: members of the workspace, viewers included); null: the agency's own site. */
async function getSites(analytics: AnalyticsClient, workspaceId: string | null): Promise<AnalyticsSite[]> {
  const early = analytics.scope === 'user' && workspaceId ? await earlySites(analytics, workspaceId) : null;
  if (early) return early;
  const query = analytics.client.from('analytics_sites').select('id, name, domain').order('name').order('id');
  return unwrap(await (workspaceId ? query.eq('organization_id', workspaceId) : query.is('organization_id', null))) ?? [];
}

export function sitesQuery(analytics: AnalyticsClient, workspaceId: string | null) {
  return queryOptions({ queryKey: analyticsKeys.sites(analytics.scope, workspaceId), queryFn: () => getSites(analytics, workspaceId) });
}

export function useSites(analytics: AnalyticsClient, workspaceId: string | null) {
  return useQuery(sitesQuery(analytics, workspaceId));
}

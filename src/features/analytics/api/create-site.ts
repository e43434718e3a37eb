import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { analyticsCopy } from '@/config/analytics-copy';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import type { AnalyticsSite } from '@/features/analytics/api/get-sites';
import { analyticsKeys } from '@/features/analytics/api/keys';
import type { SiteForm } from '@/features/analytics/utils/site-form';
import { useAuth } from '@/lib/auth';
import { unwrap } from '@/lib/errors';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/** A duplicate domain in the workspace (unique index analytics_sites_domain_per_workspace). */
export function isDomainTaken(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

export function useCreateSite({ client, scope }: AnalyticsClient, workspaceId: string) {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (site: SiteForm): Promise<AnalyticsSite> => checked(async () => {
      const created = unwrap(
        await client
          .from('analytics_sites')
          .insert({ organization_id: workspaceId, name: site.name, domain: site.domain, created_by: userId })
          .select('id, name, domain')
          .single(),
      );
      if (!created) throw new Error(analyticsCopy.sites.addFailed);
      return created;
    }),
    onSuccess: (site) => {
      toast.success(analyticsCopy.sites.added(site.name));
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.sites(scope, workspaceId) });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { analyticsCopy } from '@/config/analytics-copy';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import type { AnalyticsSite } from '@/features/analytics/api/get-sites';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { toError } from '@/lib/errors';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/** Removes a site and with it every figure (its events and rollups go with it in the database). */
export function useDeleteSite({ client }: AnalyticsClient) {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (site: AnalyticsSite) =>
      checked(async () => {
        const { error } = await client.from('analytics_sites').delete().eq('id', site.id);
        if (error) throw toError(error);
      }),
    onSuccess: (_, site) => toast.success(analyticsCopy.sites.removed(site.name)),
    onError: (error) => {
      console.error('Error removing an analytics site:', error);
      toast.error(analyticsCopy.sites.removeFailed, { description: toError(error).message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}

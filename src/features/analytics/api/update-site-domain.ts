import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { analyticsCopy } from '@/config/analytics-copy';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { RowGoneError } from '@/lib/access-lost';
import { toError } from '@/lib/errors';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/** Changes a site's domain (the agency site: null means the address that serves the API). */
export function useUpdateSiteDomain({ client, scope }: AnalyticsClient) {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: ({ siteId, domain }: { siteId: string; domain: string | null }) =>
      checked(async () => {
        const { data, error } = await client.from('analytics_sites').update({ domain }).eq('id', siteId).select('id');
        if (error) throw toError(error);
        if (data.length === 0) throw new RowGoneError('This account may no longer change the site.');
      }),
    onSuccess: () => {
      toast.success(analyticsCopy.admin.saved);
      void queryClient.invalidateQueries({ queryKey: [...analyticsKeys.all, scope] });
    },
    onError: (error) => toast.error(analyticsCopy.admin.saveFailed, { description: toError(error).message }),
  });
}

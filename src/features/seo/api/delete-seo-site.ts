import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { seoCopy } from '@/config/seo-copy';
import type { SeoSite } from '@/features/seo/api/get-seo-sites';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { toError, unwrap } from '@/lib/errors';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/** Removes a site with its audits and search data (after the user confirmed). */
export function useDeleteSeoSite({ client, scope }: SeoClient) {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (site: SeoSite) =>
      checked(async () => {
        const removed = unwrap(await client.from('seo_sites').delete().eq('id', site.id).select('id'));
        if (!removed || removed.length === 0) throw new Error(seoCopy.sites.removeFailed);
      }),
    onSuccess: (_nothing, site) => {
      toast.success(seoCopy.sites.removed(site.name));
      void queryClient.invalidateQueries({ queryKey: seoKeys.sites(scope, site.organization_id) });
    },
    onError: (error) => toast.error(seoCopy.sites.removeFailed, { description: toError(error).message }),
  });
}

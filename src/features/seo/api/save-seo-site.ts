import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { seoCopy } from '@/config/seo-copy';
import { SEO_SITE_COLUMNS, type SeoSite } from '@/features/seo/api/get-seo-sites';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import type { SeoSiteValues } from '@/features/seo/utils/site-form';
import { useAuth } from '@/lib/auth';
import { unwrap } from '@/lib/errors';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/** The words for a refused save: the address already audited, the site limit, else the server's message. */
export function describeSiteError(error: unknown): string {
  const { code, details, message } = (error ?? {}) as { code?: string; details?: string; message?: string };
  if (code === '23505') return seoCopy.errors.urlTaken;
  if (details === 'site_limit') return seoCopy.errors.siteLimit;
  // The server's sentence about an address it would never fetch (a private or loopback address, another port).
  if (details?.startsWith('url_') && message) return message;
  if (code === '23514' && message?.includes('start_url')) return seoCopy.errors.urlInvalid;
  return message ?? String(error);
}

/** Adds a site to the workspace (`site` absent) or saves a site's settings. */
export function useSaveSeoSite({ client, scope }: SeoClient, workspaceId: string | null) {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: ({ site, values }: { site: SeoSite | null; values: SeoSiteValues }): Promise<SeoSite> =>
      checked(async () => {
        const saved = site
          ? unwrap(await client.from('seo_sites').update(values).eq('id', site.id).select(SEO_SITE_COLUMNS).single())
          : unwrap(await client.from('seo_sites').insert({ ...values, organization_id: workspaceId, created_by: userId }).select(SEO_SITE_COLUMNS).single());
        if (!saved) throw new Error(seoCopy.sites.saveFailed);
        return saved;
      }),
    onSuccess: (saved, { site }) => {
      toast.success(site ? seoCopy.sites.saved : seoCopy.sites.added(saved.name));
      void queryClient.invalidateQueries({ queryKey: seoKeys.sites(scope, workspaceId) });
    },
  });
}

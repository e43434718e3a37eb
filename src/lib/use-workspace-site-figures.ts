import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { Period } from '@/lib/periods';
import { toSiteFigures } from '@/lib/site-figures';
import { supabase } from '@/lib/supabase';

/**
 * The website figures of the dashboards (Platform Overview's Conversion Rate, the Content Hub's Content Views): every
 * site of the workspace over the period's days (UTC) and the period before. A hook for the features that show them.
 */
export function useWorkspaceSiteFigures(workspaceId: string | null, period: Period) {
  return useQuery({
    queryKey: ['analytics', 'user', 'workspace-figures', workspaceId, period.from, period.to],
    enabled: Boolean(workspaceId),
    queryFn: async () =>
      toSiteFigures(unwrap(await supabase.rpc('workspace_site_figures', { workspace_id: workspaceId!, from_day: period.from, to_day: period.to })) ?? []),
  });
}

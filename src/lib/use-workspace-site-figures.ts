import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { Period } from '@/lib/periods';
import { siteFigureDays, toSiteFigures } from '@/lib/site-figures';
import { supabase } from '@/lib/supabase';

/**
 * The website figures of the dashboards (Platform Overview's Conversion Rate, the Content Hub's Content Views): every
 * site of the workspace over the period's days and the period before, counted in UTC days (a period ending today
 * ends on today's UTC day: `siteFigureDays`). A hook for the features that show them.
 */
export function useWorkspaceSiteFigures(workspaceId: string | null, period: Period) {
  const days = siteFigureDays(period);
  return useQuery({
    queryKey: ['analytics', 'user', 'workspace-figures', workspaceId, days.from, days.to],
    enabled: Boolean(workspaceId),
    queryFn: async () =>
      toSiteFigures(unwrap(await supabase.rpc('workspace_site_figures', { workspace_id: workspaceId!, from_day: days.from, to_day: days.to })) ?? []),
  });
}

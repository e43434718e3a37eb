import type { SupabaseClient } from '@supabase/supabase-js';
import { useQuery } from '@tanstack/react-query';
import { contentItemKeys } from '@/features/content/api/keys';
import { contentOverviewBoundaries } from '@/features/content/utils/content-overview-periods';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';
import type { Database } from '@/types/database';

/** Content Overview counts (content_overview: runs as the caller, RLS decides), with whether the workspace has items. */
export async function fetchContentOverview(client: SupabaseClient<Database>, organizationId: string, today: string, now = new Date()) {
  const [overview, any] = await Promise.all([
    client.rpc('content_overview', { workspace_id: organizationId, ...contentOverviewBoundaries(today, now) }).single(),
    client.from('content_items').select('id').eq('organization_id', organizationId).limit(1),
  ]);
  if (overview.error) throw new Error(overview.error.message);
  if (any.error) throw new Error(any.error.message);
  const counts = Object.fromEntries(Object.entries(overview.data).map(([key, value]) => [key, Number(value)])) as Record<keyof typeof overview.data, number>;
  return { ...counts, hasItems: any.data.length > 0 };
}

/** The overview of the user's `today` (the moment it is read decides what is overdue). */
export function useContentOverview(today: string) {
  const organizationId = useWorkspace().current?.id ?? null;
  return useQuery({
    queryKey: contentItemKeys.overview(organizationId ?? '', today),
    queryFn: () => fetchContentOverview(supabase, organizationId!, today),
    enabled: organizationId !== null,
  });
}

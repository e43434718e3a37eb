import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { campaignsPageQuery } from '@/features/campaigns/api/campaigns-query';
import { campaignKeys } from '@/features/campaigns/api/keys';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
import { unwrap } from '@/lib/errors';
import { LIST_PAGE_SIZE, toKeysetPage, type KeysetCursor, type KeysetPage } from '@/lib/keyset';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

/** One page of the organization's advertising campaigns, newest first (spec §7). */
async function getCampaignsPage(organizationId: string, cursor: KeysetCursor | null): Promise<KeysetPage<Campaign>> {
  const rows = unwrap(await campaignsPageQuery(supabase, organizationId, cursor)) ?? [];
  return toKeysetPage(rows, LIST_PAGE_SIZE);
}

export function campaignsQueryOptions(organizationId: string) {
  return infiniteQueryOptions({
    queryKey: campaignKeys.list(organizationId),
    queryFn: ({ pageParam }) => getCampaignsPage(organizationId, pageParam),
    initialPageParam: null as KeysetCursor | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The advertising campaigns of the current workspace; waits until the workspace is known. */
export function useCampaigns() {
  const organizationId = useWorkspace().current?.id ?? null;
  return useInfiniteQuery({ ...campaignsQueryOptions(organizationId ?? ''), enabled: organizationId !== null });
}

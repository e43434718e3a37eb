import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AssetRow } from '@/features/assets/api/asset-types';
import { assetKeys } from '@/features/assets/api/keys';
import { listArguments, type LibraryFilters } from '@/features/assets/utils/library-filters';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

/** One page of the library (list_assets: members and viewers of the workspace; search, filters, order). */
export async function fetchAssets(workspaceId: string, filters: LibraryFilters): Promise<{ rows: AssetRow[]; total: number }> {
  const rows = unwrap(await supabase.rpc('list_assets', listArguments(workspaceId, filters))) as unknown as AssetRow[];
  return { rows, total: Number(rows[0]?.total_count ?? 0) };
}

export function useAssets(filters: LibraryFilters) {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({
    queryKey: assetKeys.list(workspaceId ?? '', filters),
    queryFn: () => fetchAssets(workspaceId!, filters),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
    // Previews being made appear without a reload.
    refetchInterval: (query) => (query.state.data?.rows.some((row) => row.variants_state === 'pending') ? 3000 : false),
  });
}

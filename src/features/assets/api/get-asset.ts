import { useQuery } from '@tanstack/react-query';
import type { AssetPage } from '@/features/assets/api/asset-types';
import { assetKeys } from '@/features/assets/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** One asset's page (get_asset): null when it is gone or not the caller's to read. */
export async function fetchAsset(assetId: string): Promise<AssetPage | null> {
  return (unwrap(await supabase.rpc('get_asset', { asset_id: assetId })) as unknown as AssetPage | null) ?? null;
}

export function useAsset(assetId: string | null) {
  return useQuery({
    queryKey: assetKeys.detail(assetId ?? ''),
    queryFn: () => fetchAsset(assetId!),
    enabled: assetId !== null,
    refetchInterval: (query) => (query.state.data?.versions.some((version) => version.variants_state === 'pending') ? 3000 : false),
  });
}

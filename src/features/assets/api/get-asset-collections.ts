import { useQuery } from '@tanstack/react-query';
import { assetKeys } from '@/features/assets/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface AssetCollection {
  id: string;
  name: string;
}

/** The workspace's collections, by name. */
export function useAssetCollections() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({
    queryKey: assetKeys.collections(workspaceId ?? ''),
    queryFn: async (): Promise<AssetCollection[]> =>
      unwrap(await supabase.from('asset_collections').select('id, name').eq('organization_id', workspaceId!).order('name')) ?? [],
    enabled: workspaceId !== null,
  });
}

import { assetCopy } from '@/config/asset-copy';
import { useAssetMutation } from '@/features/assets/api/use-asset-mutation';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** A new collection (members and up; names are unique per workspace, whatever their case). */
export function useCreateAssetCollection() {
  return useAssetMutation({
    run: async ({ workspaceId, name }: { workspaceId: string; name: string }) =>
      unwrap(await supabase.from('asset_collections').insert({ organization_id: workspaceId, name: name.trim() }).select('id, name').single()),
    success: (collection, input) => assetCopy.collections.created(collection?.name ?? input.name.trim()),
    failure: assetCopy.errors.saveFailed,
  });
}

/** A collection removed (its assets stay). */
export function useDeleteAssetCollection() {
  return useAssetMutation({
    run: async (collectionId: string) => unwrap(await supabase.from('asset_collections').delete().eq('id', collectionId).select('id')),
    success: () => assetCopy.collections.removed,
    failure: assetCopy.errors.saveFailed,
  });
}

/** An asset put into a collection, or taken out. */
export function useSetAssetInCollection() {
  return useAssetMutation({
    run: async ({ workspaceId, collectionId, assetId, isIn }: { workspaceId: string; collectionId: string; assetId: string; isIn: boolean }) => {
      const items = supabase.from('asset_collection_items');
      if (isIn) unwrap(await items.upsert({ collection_id: collectionId, asset_id: assetId, organization_id: workspaceId }, { onConflict: 'collection_id,asset_id', ignoreDuplicates: true }));
      else unwrap(await items.delete().eq('collection_id', collectionId).eq('asset_id', assetId));
    },
    failure: assetCopy.errors.saveFailed,
  });
}

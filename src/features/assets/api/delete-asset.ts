import { assetCopy } from '@/config/asset-copy';
import { useAssetMutation } from '@/features/assets/api/use-asset-mutation';
import { usersOfRefusedDelete } from '@/features/assets/utils/asset-errors';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * Deletes an asset (delete_asset: members and up) with its versions; its files go through a background job. Refused,
 * naming the content items, while any uses it: the dialog shows that list instead of a toast.
 */
export function useDeleteAsset() {
  return useAssetMutation({
    run: async (assetId: string) => unwrap(await supabase.rpc('delete_asset', { asset_id: assetId })),
    success: () => assetCopy.remove.deleted,
    failure: assetCopy.errors.saveFailed,
    toastOnError: (error) => usersOfRefusedDelete(error) === null,
  });
}

import { assetCopy } from '@/config/asset-copy';
import { useAssetMutation } from '@/features/assets/api/use-asset-mutation';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** An older version made current again (restore_asset_version: members and up). */
export function useRestoreAssetVersion() {
  return useAssetMutation({
    run: async ({ assetId, versionId }: { assetId: string; versionId: string; number: number }) =>
      unwrap(await supabase.rpc('restore_asset_version', { asset_id: assetId, version_id: versionId })),
    success: (_output, input) => assetCopy.versions.restored(input.number),
    failure: assetCopy.errors.saveFailed,
  });
}

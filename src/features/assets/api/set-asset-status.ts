import { assetCopy } from '@/config/asset-copy';
import type { AssetStatus } from '@/config/asset-options';
import { useAssetMutation } from '@/features/assets/api/use-asset-mutation';
import { statusOption } from '@/features/assets/utils/asset-display';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** A review move (set_asset_status: members and up; the database decides which moves are allowed). */
export function useSetAssetStatus() {
  return useAssetMutation({
    run: async ({ assetId, status, comment }: { assetId: string; status: AssetStatus; comment?: string }) =>
      unwrap(await supabase.rpc('set_asset_status', { asset_id: assetId, new_status: status, comment: comment?.trim() || undefined })),
    success: (_output, input) => assetCopy.review.statusChanged(statusOption(input.status).label),
    failure: assetCopy.errors.saveFailed,
  });
}

import { assetCopy } from '@/config/asset-copy';
import { useAssetMutation } from '@/features/assets/api/use-asset-mutation';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** A comment (add_asset_comment: viewers and up). */
export function useAddAssetComment() {
  return useAssetMutation({
    run: async ({ assetId, body }: { assetId: string; body: string }) => unwrap(await supabase.rpc('add_asset_comment', { asset_id: assetId, body: body.trim() })),
    success: () => assetCopy.review.commented,
    failure: assetCopy.errors.saveFailed,
  });
}

import { assetCopy } from '@/config/asset-copy';
import { useAssetMutation } from '@/features/assets/api/use-asset-mutation';
import { RowGoneError } from '@/lib/access-lost';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface AssetDetailsInput {
  assetId: string;
  name: string;
  description: string | null;
  tags: string[];
}

/** Name, description and tags (members and up; RLS hides the row from others, so no row changed → RowGoneError). */
async function updateAssetDetails({ assetId, name, description, tags }: AssetDetailsInput): Promise<void> {
  const { data, error } = await supabase.from('assets').update({ name, description, tags }).eq('id', assetId).select('id');
  if (error) throw toError(error);
  if (data.length === 0) throw new RowGoneError(assetCopy.errors.notFound);
}

export function useUpdateAssetDetails() {
  return useAssetMutation({ run: updateAssetDetails, success: () => assetCopy.detail.saved, failure: assetCopy.errors.saveFailed });
}

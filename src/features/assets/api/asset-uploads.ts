import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * The three calls around an upload's bytes (decision 0021): reserve its place against the quota, complete it once
 * Storage has every byte, or cancel it. The upload queue (use-upload-queue.ts) makes them.
 */
export interface Reservation {
  assetId: string;
  versionId: string;
  objectPath: string;
}

export async function reserveAssetUpload(input: { workspaceId: string; fileName: string; objectKey: string; mimeType: string; size: number; replaceAssetId: string | null }): Promise<Reservation> {
  const row = unwrap(
    await supabase
      .rpc('start_asset_upload', {
        workspace_id: input.workspaceId,
        file_name: input.fileName,
        object_key: input.objectKey,
        mime_type: input.mimeType || 'application/octet-stream',
        size_bytes: input.size,
        replace_asset_id: input.replaceAssetId ?? undefined,
      })
      .single(),
  );
  if (!row) throw new Error('The upload could not be reserved.');
  return { assetId: row.asset_id, versionId: row.version_id, objectPath: row.object_path };
}

export async function completeAssetUpload(versionId: string, media: { width?: number; height?: number; duration?: number }): Promise<string> {
  return unwrap(await supabase.rpc('complete_asset_upload', { version_id: versionId, width: media.width, height: media.height, duration_seconds: media.duration })) ?? 'missing';
}

export async function cancelAssetUpload(versionId: string): Promise<void> {
  unwrap(await supabase.rpc('cancel_asset_upload', { version_id: versionId }));
}

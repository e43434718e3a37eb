import { useQuery } from '@tanstack/react-query';
import type { AssetKind } from '@/config/asset-options';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * The approved assets of a workspace, as other modules may offer them (the Content Hub's featured image now; e-mails
 * and social posts later): only approved assets, newest first, optionally of some kinds and matching a search. The
 * asset picker (src/components/asset-picker/) shows them; features do not import the asset library's own hooks.
 */
export interface ApprovedAsset {
  id: string;
  name: string;
  kind: string;
  versionId: string;
  /** The current version's file type and size (a social post checks them against the network's rules). */
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  tags: string[];
  /** Derived images: `ready` once made; only then may an image be a featured image. */
  variantsState: string;
  thumbnailPath: string | null;
  /** The WebP 1280 variant: also the path of its public copy. */
  previewPath: string | null;
}

export const approvedAssetKeys = {
  list: (workspaceId: string, search: string, kinds: readonly string[]) => ['assets', 'approved', workspaceId, search, kinds.join(',')] as const,
};

export async function fetchApprovedAssets(workspaceId: string, search: string, kinds: readonly AssetKind[]): Promise<ApprovedAsset[]> {
  const rows = unwrap(
    await supabase.rpc('list_assets', {
      workspace_id: workspaceId,
      search: search.trim() || undefined,
      kinds: kinds.length ? [...kinds] : undefined,
      statuses: ['approved'],
      page_size: 60,
    }),
  );
  return (rows ?? []).map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    versionId: row.version_id,
    mimeType: row.mime_type,
    sizeBytes: Number(row.size_bytes),
    width: row.width ?? null,
    height: row.height ?? null,
    tags: (row.tags as string[] | null) ?? [],
    variantsState: row.variants_state,
    thumbnailPath: row.thumbnail_path ?? null,
    previewPath: row.preview_path ?? null,
  }));
}

export function useApprovedAssets(workspaceId: string | null, search: string, kinds: readonly AssetKind[], enabled = true) {
  return useQuery({
    queryKey: approvedAssetKeys.list(workspaceId ?? '', search.trim(), kinds),
    queryFn: () => fetchApprovedAssets(workspaceId!, search, kinds),
    enabled: enabled && workspaceId !== null,
  });
}

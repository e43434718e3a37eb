import { useQuery } from '@tanstack/react-query';
import { PREVIEW_URL_SECONDS } from '@/config/asset-options';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * Addresses of the asset library's files (decision 0021). The `assets` bucket is private: thumbnails and previews
 * are shown through signed URLs made for the whole page at once (one request), read again before they expire. A
 * featured image has a public copy in `asset-public` at the same path as its WebP 1280 variant.
 */
export const ASSETS_BUCKET = 'assets';
export const PUBLIC_ASSETS_BUCKET = 'asset-public';

export const assetUrlKeys = {
  signed: (paths: readonly string[]) => ['asset-urls', [...paths].sort().join('|')] as const,
};

export async function signAssetPaths(paths: readonly string[]): Promise<Record<string, string>> {
  if (paths.length === 0) return {};
  const data = unwrap(await supabase.storage.from(ASSETS_BUCKET).createSignedUrls([...paths], PREVIEW_URL_SECONDS)) ?? [];
  const urls: Record<string, string> = {};
  for (const entry of data) if (entry.path && entry.signedUrl) urls[entry.path] = entry.signedUrl;
  return urls;
}

/** Signed URLs of these paths (path → URL); a path missing from the answer has no object (yet). */
export function useSignedAssetUrls(paths: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(paths.filter((path): path is string => Boolean(path)))];
  return useQuery({
    queryKey: assetUrlKeys.signed(wanted),
    queryFn: () => signAssetPaths(wanted),
    enabled: wanted.length > 0,
    // Well before they expire.
    staleTime: (PREVIEW_URL_SECONDS - 600) * 1000,
    refetchInterval: (PREVIEW_URL_SECONDS - 600) * 1000,
  });
}

/** The public address of a featured image's copy (the WebP 1280 variant's path). */
export function publicAssetImageUrl(previewPath: string): string {
  return supabase.storage.from(PUBLIC_ASSETS_BUCKET).getPublicUrl(previewPath).data.publicUrl;
}

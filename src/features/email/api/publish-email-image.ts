import type { ApprovedAsset } from '@/lib/approved-assets';
import { ASSETS_BUCKET } from '@/lib/asset-urls';
import { supabase } from '@/lib/supabase';

export const EMAIL_IMAGES_BUCKET = 'email-images';

/**
 * Publishes an approved asset for e-mail (decision 0020): its web-sized variant (WebP 1280, metadata stripped by the
 * job that made it; the original stays private) copied into the public `email-images` bucket under a random name, so
 * a recipient's mail program loads it from a public address that does not expire. Returns that address.
 */
export async function publishEmailImage(workspaceId: string, asset: Pick<ApprovedAsset, 'previewPath'>): Promise<string> {
  if (!asset.previewPath) throw new Error('This image has no web-sized version yet.');
  const target = `${workspaceId}/${crypto.randomUUID()}.webp`;
  const { error } = await supabase.storage.from(ASSETS_BUCKET).copy(asset.previewPath, target, { destinationBucket: EMAIL_IMAGES_BUCKET });
  if (error) throw error;
  return supabase.storage.from(EMAIL_IMAGES_BUCKET).getPublicUrl(target).data.publicUrl;
}

/** The alternative text an image gets from its asset's name: no extension, words for dashes and underscores. */
export function altFromAssetName(name: string): string {
  return name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ').trim();
}

import { useQuery } from '@tanstack/react-query';
import { emailKeys } from '@/features/email/api/keys';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface AssetImage {
  /** The object's path in the `assets` bucket (`<workspace>/<name>`). */
  path: string;
  name: string;
  /** The asset library's id, when it has one (the object's id until the Creative Studio's table lands). */
  assetId: string | null;
}

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

/**
 * The images of the workspace's asset library (the private `assets` bucket). The Creative Studio's own picker
 * (approved assets only) replaces this listing once it is on main; the image block keeps the asset's id either way.
 */
async function listAssetImages(workspaceId: string): Promise<AssetImage[]> {
  const { data, error } = await supabase.storage.from('assets').list(workspaceId, { limit: 200, sortBy: { column: 'created_at', order: 'desc' } });
  if (error) throw error;
  return (data ?? []).filter((entry) => IMAGE.test(entry.name)).map((entry) => ({ path: `${workspaceId}/${entry.name}`, name: entry.name, assetId: entry.id ?? null }));
}

export function useAssetImages(isOpen: boolean) {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ queryKey: emailKeys.images(workspaceId ?? ''), queryFn: () => listAssetImages(workspaceId!), enabled: workspaceId !== null && isOpen });
}

/** A signed preview address of a private asset (the picker's thumbnails). */
export async function assetPreviewUrl(path: string): Promise<string | null> {
  const { data } = await supabase.storage.from('assets').createSignedUrl(path, 600);
  return data?.signedUrl ?? null;
}

/**
 * Publishes an asset for e-mail: a copy in the public `email-images` bucket (mail programs load images from public
 * addresses), named by a random id; returns its public URL.
 */
export async function publishEmailImage(workspaceId: string, image: AssetImage): Promise<string> {
  const extension = IMAGE.exec(image.name)?.[0]?.toLowerCase() ?? '.png';
  const target = `${workspaceId}/${crypto.randomUUID()}${extension}`;
  const { error } = await supabase.storage.from('assets').copy(image.path, target, { destinationBucket: 'email-images' });
  if (error) throw error;
  return supabase.storage.from('email-images').getPublicUrl(target).data.publicUrl;
}

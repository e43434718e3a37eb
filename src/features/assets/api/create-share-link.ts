import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { assetCopy } from '@/config/asset-copy';
import { assetErrorDescription } from '@/features/assets/utils/asset-errors';
import { unwrap } from '@/lib/errors';
import { ASSETS_BUCKET } from '@/lib/asset-urls';
import { supabase } from '@/lib/supabase';

export interface ShareLink {
  url: string;
  expiresAt: string;
}

/**
 * A share link: a Storage signed URL of the original file, downloaded under its own name, that anyone can open
 * without signing in until it expires (viewers may make one: they may read the file).
 */
export function useCreateShareLink() {
  return useMutation({
    mutationFn: async ({ objectPath, fileName, seconds }: { objectPath: string; fileName: string; seconds: number }): Promise<ShareLink> => {
      const signed = unwrap(await supabase.storage.from(ASSETS_BUCKET).createSignedUrl(objectPath, seconds, { download: fileName }));
      if (!signed) throw new Error('No link was made.');
      return { url: signed.signedUrl, expiresAt: new Date(Date.now() + seconds * 1000).toISOString() };
    },
    onError: (error) => {
      console.error('Error creating a share link:', error);
      toast.error(assetCopy.errors.saveFailed, { description: assetErrorDescription(error) });
    },
  });
}

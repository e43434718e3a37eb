import { useQuery } from '@tanstack/react-query';
import { socialKeys } from '@/features/social/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface LinkPreview {
  url: string;
  status: string;
  title: string | null;
  description: string | null;
  image_url: string | null;
}

/** The stored card of a saved post's first link (fetched by the fetch_social_link_preview job), or null. */
export function useLinkPreview(postId: string | undefined) {
  return useQuery({
    queryKey: [...socialKeys.all, 'link-preview', postId ?? ''] as const,
    queryFn: async (): Promise<LinkPreview | null> =>
      unwrap(await supabase.from('social_link_previews').select('url, status, title, description, image_url').eq('post_id', postId!).maybeSingle()),
    enabled: Boolean(postId),
  });
}

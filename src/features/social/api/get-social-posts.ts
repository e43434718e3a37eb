import { useQuery } from '@tanstack/react-query';
import { socialKeys } from '@/features/social/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type SocialPostChannel = Tables<'social_post_channels'>;
export type SocialPost = Tables<'social_posts'> & { social_post_channels: SocialPostChannel[] };

export const POST_LIST_SIZE = 50;

async function getSocialPosts(workspaceId: string): Promise<SocialPost[]> {
  return unwrap(
    await supabase.from('social_posts').select('*, social_post_channels(*)').eq('organization_id', workspaceId)
      .order('created_at', { ascending: false }).order('id').limit(POST_LIST_SIZE),
  ) ?? [];
}

/** The latest posts with their result per account; read again every 5 s while one is due or being sent. */
export function useSocialPosts(workspaceId: string) {
  return useQuery({
    queryKey: socialKeys.posts(workspaceId),
    queryFn: () => getSocialPosts(workspaceId),
    refetchInterval: (query) => {
      const waiting = (query.state.data ?? []).some((post) => post.social_post_channels.some((channel) =>
        channel.status === 'attempting' || (channel.status === 'scheduled' && post.scheduled_at !== null && Date.parse(post.scheduled_at) <= Date.now() + 60_000)));
      return waiting ? 5_000 : false;
    },
  });
}

import { useQuery } from '@tanstack/react-query';
import { socialKeys } from '@/features/social/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export const FIGURES_LIST_SIZE = 100;

export type PublishedChannel = Pick<Tables<'social_post_channels'>, 'id' | 'account_id' | 'body' | 'published_url' | 'finished_at'> & {
  social_post_figures: Pick<Tables<'social_post_figures'>, 'likes' | 'reposts' | 'replies' | 'fetched_at' | 'fetch_message'> | null;
  /** Page views first-party analytics recorded through the post's UTM-tagged links (public.social_post_clicks). */
  clicks: number;
};

async function getSocialFigures(workspaceId: string): Promise<PublishedChannel[]> {
  const [channels, clicks] = await Promise.all([
    supabase.from('social_post_channels')
      .select('id, account_id, body, published_url, finished_at, social_post_figures(likes, reposts, replies, fetched_at, fetch_message)')
      .eq('organization_id', workspaceId).eq('status', 'published')
      .order('finished_at', { ascending: false }).order('id').limit(FIGURES_LIST_SIZE),
    supabase.rpc('social_post_clicks', { workspace_id: workspaceId }),
  ]);
  const clicksOf = new Map((unwrap(clicks) ?? []).map((row) => [row.channel_id, Number(row.clicks)]));
  return (unwrap(channels) ?? []).map((channel) => ({ ...channel, clicks: clicksOf.get(channel.id) ?? 0 }));
}

/** The workspace's latest published posts per account, with the figures the fetch_social_figures job stored and their clicks. */
export function useSocialFigures(workspaceId: string) {
  return useQuery({ queryKey: [...socialKeys.all, workspaceId, 'figures'] as const, queryFn: () => getSocialFigures(workspaceId) });
}

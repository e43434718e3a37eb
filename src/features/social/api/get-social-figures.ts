import { useQuery } from '@tanstack/react-query';
import { socialKeys } from '@/features/social/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export const FIGURES_LIST_SIZE = 100;

export type PublishedChannel = Pick<Tables<'social_post_channels'>, 'id' | 'account_id' | 'body' | 'published_url' | 'finished_at'> & {
  social_post_figures: Pick<Tables<'social_post_figures'>, 'likes' | 'reposts' | 'replies' | 'fetched_at' | 'fetch_message'> | null;
};

async function getSocialFigures(workspaceId: string): Promise<PublishedChannel[]> {
  return unwrap(
    await supabase.from('social_post_channels')
      .select('id, account_id, body, published_url, finished_at, social_post_figures(likes, reposts, replies, fetched_at, fetch_message)')
      .eq('organization_id', workspaceId).eq('status', 'published')
      .order('finished_at', { ascending: false }).order('id').limit(FIGURES_LIST_SIZE),
  ) ?? [];
}

/** The workspace's latest published posts per account, with the figures the fetch_social_figures job stored. */
export function useSocialFigures(workspaceId: string) {
  return useQuery({ queryKey: [...socialKeys.all, workspaceId, 'figures'] as const, queryFn: () => getSocialFigures(workspaceId) });
}

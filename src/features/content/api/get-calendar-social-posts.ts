import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { socialQueryKeys, useSocialAccounts } from '@/lib/social-accounts';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

/** The most posts the calendar loads for its range (as the content items' SCHEDULE_LIMIT). */
export const SOCIAL_SCHEDULE_LIMIT = 500;

async function getCalendarSocialPosts(workspaceId: string, from: string, to: string) {
  return unwrap(
    await supabase.from('social_posts').select('id, body, scheduled_at, approval_status, social_post_channels(account_id, status)')
      .eq('organization_id', workspaceId).gte('scheduled_at', from).lt('scheduled_at', to)
      .order('scheduled_at').order('id').limit(SOCIAL_SCHEDULE_LIMIT),
  ) ?? [];
}

/**
 * The Editorial Calendar's social posts in [from, to) and the workspace's accounts (the channel filter and the
 * networks shown); the posts shown stay while another range loads. Read again every 15 s while one is due within
 * the minute, so a post the worker sends shows its outcome.
 */
export function useCalendarSocialPosts(from: string, to: string) {
  const workspaceId = useWorkspace().current?.id ?? '';
  const accounts = useSocialAccounts(workspaceId);
  const posts = useQuery({
    queryKey: socialQueryKeys.calendarPosts(workspaceId, from, to),
    queryFn: () => getCalendarSocialPosts(workspaceId, from, to),
    enabled: workspaceId !== '',
    placeholderData: keepPreviousData,
    refetchInterval: (query) => ((query.state.data ?? []).some((post) => post.scheduled_at !== null && Math.abs(Date.parse(post.scheduled_at) - Date.now()) < 60_000) ? 15_000 : false),
  });
  return { posts, accounts };
}

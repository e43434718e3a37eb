import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { socialCalendarCopy } from '@/config/social-calendar-copy';
import { toError } from '@/lib/errors';
import { socialQueryKeys } from '@/lib/social-accounts';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

interface Reschedule {
  postId: string;
  scheduledAt: string;
}

/**
 * A post moved on the calendar (drag and drop, Alt + arrows): only its moment changes, through reschedule_social_post
 * (the database refuses a post sent or being sent, the past, a viewer; its publishing job follows the moment).
 */
async function rescheduleSocialPost({ postId, scheduledAt }: Reschedule) {
  const { data, error } = await supabase.rpc('reschedule_social_post', { post_id: postId, scheduled_at: scheduledAt });
  if (error) throw toError(error);
  return data;
}

type CalendarPost = { id: string; scheduled_at: string | null };

/** Shown moved at once (optimistic), put back when the database refuses; every social list reads again afterwards. */
export function useRescheduleSocialPost() {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  const isCalendar = (query: { queryKey: readonly unknown[] }) => query.queryKey[2] === 'calendar';
  const mutationKey = [...socialQueryKeys.all, 'reschedule'];
  return useMutation({
    mutationKey,
    mutationFn: (change: Reschedule) => checked(() => rescheduleSocialPost(change)),
    onMutate: async ({ postId, scheduledAt }) => {
      await queryClient.cancelQueries({ queryKey: socialQueryKeys.all, predicate: isCalendar });
      const before = queryClient.getQueriesData<CalendarPost[]>({ queryKey: socialQueryKeys.all, predicate: isCalendar });
      queryClient.setQueriesData<CalendarPost[]>({ queryKey: socialQueryKeys.all, predicate: isCalendar }, (posts) =>
        posts?.map((post) => (post.id === postId ? { ...post, scheduled_at: scheduledAt } : post)),
      );
      return { before };
    },
    onError: (error, _change, context) => {
      for (const [key, posts] of context?.before ?? []) queryClient.setQueryData(key, posts);
      toast.error(socialCalendarCopy.moveFailed, { description: toError(error).message });
    },
    // A calendar read still in flight may have begun before the write committed (a month the move itself opened):
    // cancelled, then read again after the write, so the move is never shown undone by a stale answer. While a later
    // move is still on its way, nothing is read yet: the last move to settle reads again.
    onSettled: async () => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      await queryClient.cancelQueries({ queryKey: socialQueryKeys.all, predicate: isCalendar });
      await queryClient.invalidateQueries({ queryKey: socialQueryKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { contentCopy } from '@/config/content-copy';
import { ContentItemGoneError } from '@/features/content/api/content-item-gone-error';
import type { ScheduledContent } from '@/features/content/api/get-scheduled-content';
import { contentItemKeys } from '@/features/content/api/keys';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

interface Reschedule {
  id: string;
  plannedPublishAt: string | null;
  /** Schedule Publishing sets it (the item publishes itself then); moves on the calendar leave it as it is. */
  publishOnSchedule?: boolean;
}

/**
 * Moves an item to another planned moment (drag and drop, the keyboard, Schedule Publishing). A scheduled item's
 * publication moves with it: the database moves its job in the same update.
 */
async function rescheduleContentItem({ id, plannedPublishAt, publishOnSchedule }: Reschedule): Promise<void> {
  const change = publishOnSchedule === undefined ? { planned_publish_at: plannedPublishAt } : { planned_publish_at: plannedPublishAt, publish_on_schedule: publishOnSchedule };
  const { data, error } = await supabase.from('content_items').update(change).eq('id', id).select('id');
  if (error) throw toError(error);
  if (data.length === 0) throw new ContentItemGoneError(contentCopy.errors.itemGone);
}

/**
 * The calendar shows the move at once (optimistic), puts the item back where it was when saving fails, and reloads
 * every list and figure of content items afterwards.
 */
export function useRescheduleContentItem() {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  const scheduleKey = [...contentItemKeys.all, 'schedule'];
  const mutationKey = [...contentItemKeys.all, 'reschedule'];
  return useMutation({
    mutationKey,
    mutationFn: (change: Reschedule) => checked(() => rescheduleContentItem(change)),
    onMutate: async ({ id, plannedPublishAt }) => {
      await queryClient.cancelQueries({ queryKey: scheduleKey });
      const before = queryClient.getQueriesData<ScheduledContent[]>({ queryKey: scheduleKey });
      queryClient.setQueriesData<ScheduledContent[]>({ queryKey: scheduleKey }, (items) =>
        items?.map((item) => (item.id === id ? { ...item, planned_publish_at: plannedPublishAt } : item)),
      );
      return { before };
    },
    onError: (error, _variables, context) => {
      for (const [key, items] of context?.before ?? []) queryClient.setQueryData(key, items);
      // An item gone or access lost (AccessLostError) says so in its message.
      toast.error(contentCopy.calendar.moveFailed, { description: error instanceof ContentItemGoneError ? error.message : toError(error).message });
    },
    // A calendar read still in flight may have begun before the write committed (a month the move itself opened):
    // cancelled, then read again after the write, so the move is never shown undone by a stale answer. While a later
    // move is still on its way, nothing is read yet (its answer would put the item back a step, and a keyboard move's
    // focus with it): the last move to settle reads again.
    onSettled: async () => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      await queryClient.cancelQueries({ queryKey: scheduleKey });
      await queryClient.invalidateQueries({ queryKey: contentItemKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { contentCopy } from '@/config/content-copy';
import { messages } from '@/config/messages';
import { contentItemKeys } from '@/features/content/api/keys';
import { ContentItemGoneError } from '@/features/content/api/content-item-gone-error';
import { accessLostDescription } from '@/lib/access-lost';
import { useAuth } from '@/lib/auth';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/**
 * Spec §7: delete by id. RLS hides other organizations' rows, so a row that is gone (deleted by another member) or
 * not ours deletes nothing without an error: the deleted ids are returned to tell that apart from success.
 */
async function deleteContentItem(id: string): Promise<void> {
  const { data, error } = await supabase.from('content_items').delete().eq('id', id).select('id');
  if (error) throw toError(error);
  if (data.length === 0) throw new ContentItemGoneError(contentCopy.errors.itemGone);
}

export function useDeleteContentItem() {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (id: string) => {
      if (!userId) throw new Error(contentCopy.errors.notSignedIn);
      return checked(() => deleteContentItem(id));
    },
    onSuccess: () => {
      toast.success(messages.content.deleted);
      void queryClient.invalidateQueries({ queryKey: contentItemKeys.all });
    },
    onError: (error) => {
      console.error('Error deleting content item:', error);
      const isGone = error instanceof ContentItemGoneError;
      toast.error(messages.content.deleteFailed, { description: accessLostDescription(error) ?? (isGone ? error.message : messages.content.saveFailedDescription) });
      // Show the list as it is now, without the vanished row.
      if (isGone) void queryClient.invalidateQueries({ queryKey: contentItemKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { contentCopy } from '@/config/content-copy';
import { messages } from '@/config/messages';
import { contentItemKeys } from '@/features/content/api/keys';
import { featuredAssetRefusal, type ContentItemInput } from '@/features/content/utils/content-form';
import { ContentItemGoneError } from '@/features/content/api/content-item-gone-error';
import { scheduleInPastDescription } from '@/features/content/utils/save-refusal';
import { accessLostDescription } from '@/lib/access-lost';
import { useAuth } from '@/lib/auth';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/** Spec §7: update by id with the form fields including tags. */
async function updateContentItem(id: string, input: ContentItemInput): Promise<void> {
  const { data, error } = await supabase.from('content_items').update(input).eq('id', id).select('id');
  if (error) throw toError(error);
  if (data.length === 0) throw new ContentItemGoneError(contentCopy.errors.itemGone);
}

export function useUpdateContentItem() {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ContentItemInput }) => {
      if (!userId) throw new Error(contentCopy.errors.notSignedIn);
      return checked(() => updateContentItem(id, input));
    },
    onSuccess: () => {
      toast.success(messages.content.updated);
      void queryClient.invalidateQueries({ queryKey: contentItemKeys.all });
    },
    onError: (error) => {
      console.error('Error saving content:', error);
      const isGone = error instanceof ContentItemGoneError;
      toast.error(messages.content.saveFailed, { description: accessLostDescription(error) ?? scheduleInPastDescription(error) ?? (isGone ? error.message : (featuredAssetRefusal(error) ?? messages.content.saveFailedDescription)) });
      // Show the list as it is now, without the vanished row.
      if (isGone) void queryClient.invalidateQueries({ queryKey: contentItemKeys.all });
    },
  });
}

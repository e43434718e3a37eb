import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { contentCopy } from '@/config/content-copy';
import { messages } from '@/config/messages';
import { contentItemKeys } from '@/features/content/api/keys';
import { useAuth } from '@/lib/auth';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Spec §7: delete by id (RLS lets only members of the row's organization delete it). */
async function deleteContentItem(id: string): Promise<void> {
  const { error } = await supabase.from('content_items').delete().eq('id', id);
  if (error) throw toError(error);
}

export function useDeleteContentItem() {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      if (!userId) throw new Error(contentCopy.errors.notSignedIn);
      return deleteContentItem(id);
    },
    onSuccess: () => {
      toast.success(messages.content.deleted);
      void queryClient.invalidateQueries({ queryKey: contentItemKeys.all });
    },
    onError: (error) => {
      console.error('Error deleting content item:', error);
      toast.error(messages.content.deleteFailed, { description: error.message });
    },
  });
}

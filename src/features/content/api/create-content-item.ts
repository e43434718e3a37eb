import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { contentCopy } from '@/config/content-copy';
import { messages } from '@/config/messages';
import { contentItemKeys } from '@/features/content/api/keys';
import { featuredAssetRefusal, type ContentItemInput } from '@/features/content/utils/content-form';
import { scheduleInPastDescription } from '@/features/content/utils/save-refusal';
import { accessLostDescription } from '@/lib/access-lost';
import { useAuth } from '@/lib/auth';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';
import { useWorkspace } from '@/lib/workspace';

/** Spec §7: insert the form fields plus user_id; the row also names the workspace (organization) it belongs to. */
async function createContentItem(input: ContentItemInput, owner: { userId: string; organizationId: string }): Promise<void> {
  const { error } = await supabase
    .from('content_items')
    .insert({ ...input, user_id: owner.userId, organization_id: owner.organizationId });
  if (error) throw toError(error);
}

export function useCreateContentItem() {
  const { userId } = useAuth();
  const organizationId = useWorkspace().current?.id ?? null;
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (input: ContentItemInput) => {
      // Spec §5: nothing is saved without a signed-in user.
      if (!userId || !organizationId) throw new Error(contentCopy.errors.notSignedIn);
      return checked(() => createContentItem(input, { userId, organizationId }));
    },
    onSuccess: () => {
      toast.success(messages.content.created);
      void queryClient.invalidateQueries({ queryKey: contentItemKeys.all });
    },
    onError: (error) => {
      console.error('Error saving content:', error);
      toast.error(messages.content.saveFailed, { description: accessLostDescription(error) ?? scheduleInPastDescription(error) ?? featuredAssetRefusal(error) ?? messages.content.saveFailedDescription });
    },
  });
}

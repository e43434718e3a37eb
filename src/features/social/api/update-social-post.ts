import { socialCopy } from '@/config/social-copy';
import type { SavePostInput } from '@/features/social/api/save-social-post';
import { useSocialMutation } from '@/features/social/api/use-social-mutation';
import { changesSavedMessage } from '@/features/social/utils/changes-saved';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface UpdatePostInput extends SavePostInput {
  postId: string;
  /** The post's approval before the change, to say what the change did to it. */
  approvalBefore: string | null;
}

/** The saved post's approval after the change (an approved post whose content changed is `awaiting` again). */
async function updateSocialPost(input: UpdatePostInput): Promise<string | null> {
  const { data, error } = await supabase.rpc('save_social_post', {
    workspace_id: input.workspaceId, post_id: input.postId, body: input.body, channels: input.channels, ...(input.scheduledAt ? { scheduled_at: input.scheduledAt } : {}),
  });
  if (error) throw toError(error);
  return data?.approval_status ?? null;
}

/** Changes to a draft or queued post through `save_social_post` (the database refuses a post already sent: `post_sent`). */
export function useUpdateSocialPost() {
  return useSocialMutation({
    mutationFn: updateSocialPost,
    success: (after, input) => changesSavedMessage(input.approvalBefore, after, input.scheduledAt !== null),
    failure: socialCopy.saveFailed,
  });
}

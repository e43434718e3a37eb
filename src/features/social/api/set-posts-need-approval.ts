import { approvalCopy } from '@/config/social-approval-copy';
import { useSocialMutation } from '@/features/social/api/use-social-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Admins and owners: the workspace's posts need approval, or no longer. */
async function setPostsNeedApproval(input: { workspaceId: string; required: boolean }): Promise<void> {
  const { error } = await supabase.rpc('set_social_posts_need_approval', { workspace_id: input.workspaceId, required: input.required });
  if (error) throw toError(error);
}

export function useSetPostsNeedApproval() {
  return useSocialMutation({ mutationFn: setPostsNeedApproval, success: (_r, input) => (input.required ? approvalCopy.settingOn : approvalCopy.settingOff), failure: approvalCopy.settingFailed });
}

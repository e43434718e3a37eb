import { approvalCopy } from '@/config/social-approval-copy';
import { useSocialMutation } from '@/features/social/api/use-social-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** A new approval link for a post awaiting approval (the previous one stops working): its token, shown once. */
async function sharePostForApproval(postId: string): Promise<{ token: string; expiresAt: string }> {
  const { data, error } = await supabase.rpc('share_social_post_for_approval', { post_id: postId });
  if (error) throw toError(error);
  const [link] = data ?? [];
  if (!link) throw new Error(approvalCopy.shareFailed);
  return { token: link.token, expiresAt: link.expires_at };
}

export function useSharePostForApproval() {
  return useSocialMutation({ mutationFn: sharePostForApproval, failure: approvalCopy.shareFailed });
}

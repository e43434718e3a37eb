import { approvalCopy } from '@/config/social-approval-copy';
import { useSocialMutation } from '@/features/social/api/use-social-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface ReviewInput {
  postId: string;
  decision: 'approve' | 'request_changes';
  comment?: string;
}

/** An admin's or owner's decision on a post awaiting approval. */
async function reviewSocialPost(input: ReviewInput): Promise<void> {
  const { error } = await supabase.rpc('review_social_post', { post_id: input.postId, decision: input.decision, ...(input.comment ? { comment: input.comment } : {}) });
  if (error) throw toError(error);
}

export function useReviewSocialPost() {
  return useSocialMutation({
    mutationFn: reviewSocialPost,
    success: (_r, input) => (input.decision === 'approve' ? approvalCopy.approved : approvalCopy.changesRequested),
    failure: approvalCopy.reviewFailed,
  });
}

import { useMutation } from '@tanstack/react-query';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface DecisionInput {
  decision: 'approve' | 'request_changes';
  comment: string;
  reviewerName: string;
}

/** The reviewer's decision through the link: the post's new approval status. Errors in the database's words. */
export function useDecideSocialApproval(token: string) {
  return useMutation({
    mutationFn: async (input: DecisionInput): Promise<string> => {
      const { data, error } = await supabase.rpc('decide_social_approval', {
        token, decision: input.decision, ...(input.comment.trim() ? { comment: input.comment.trim() } : {}), ...(input.reviewerName.trim() ? { reviewer_name: input.reviewerName.trim() } : {}),
      });
      if (error) throw toError(error);
      return data;
    },
  });
}

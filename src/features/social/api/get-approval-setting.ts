import { useQuery } from '@tanstack/react-query';
import { socialKeys } from '@/features/social/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Whether the workspace's scheduled posts wait for approval. */
export function useApprovalSetting(workspaceId: string) {
  return useQuery({
    queryKey: socialKeys.approvalSetting(workspaceId),
    queryFn: async () => unwrap(await supabase.from('organizations').select('social_posts_need_approval').eq('id', workspaceId).single())?.social_posts_need_approval ?? false,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { blogSettingsCopy } from '@/config/blog-copy';
import { blogKeys } from '@/features/blog/api/keys';
import { blogSlugErrorMessage } from '@/features/blog/utils/blog-errors';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Closes the workspace's blog (owners only: RLS); its items stay as they are. */
async function closeWorkspaceBlog(workspaceId: string): Promise<void> {
  const rows = unwrap(await supabase.from('workspace_blogs').delete().eq('organization_id', workspaceId).select('slug')) ?? [];
  if (rows.length === 0) throw Object.assign(new Error('Not an owner'), { code: 'role_too_low' });
}

export function useCloseWorkspaceBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeWorkspaceBlog,
    onSuccess: () => toast.success(blogSettingsCopy.closed),
    onError: (error) => toast.error(blogSettingsCopy.closeFailed, { description: blogSlugErrorMessage(error) ?? error.message }),
    onSettled: (_r, _e, workspaceId) => queryClient.invalidateQueries({ queryKey: blogKeys.settings(workspaceId) }),
  });
}

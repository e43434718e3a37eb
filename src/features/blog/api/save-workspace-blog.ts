import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blogKeys } from '@/features/blog/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

interface SaveInput {
  workspaceId: string;
  slug: string;
  /** The workspace has a blog already: its address changes. */
  isMove: boolean;
}

/** Opens the blog or moves it (owners only: RLS). Zero rows changed means the caller is no longer an owner. */
async function saveWorkspaceBlog({ workspaceId, slug, isMove }: SaveInput): Promise<string> {
  const query = isMove
    ? supabase.from('workspace_blogs').update({ slug }).eq('organization_id', workspaceId).select('slug')
    : supabase.from('workspace_blogs').insert({ organization_id: workspaceId, slug }).select('slug');
  const rows = unwrap(await query) ?? [];
  if (rows.length === 0) throw Object.assign(new Error('Not an owner'), { code: 'role_too_low' });
  return rows[0]!.slug;
}

/** The caller shows the outcome (a field error or a toast); the settings are read again either way. */
export function useSaveWorkspaceBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkspaceBlog,
    onSettled: (_slug, _error, input) => queryClient.invalidateQueries({ queryKey: blogKeys.settings(input.workspaceId) }),
  });
}

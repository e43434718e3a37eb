import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogKeys } from '@/features/blog/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface WorkspaceBlog {
  slug: string;
}

/** The workspace's blog address (every member reads it), or null when it has no blog. */
async function getWorkspaceBlog(workspaceId: string): Promise<WorkspaceBlog | null> {
  const rows = unwrap(await supabase.from('workspace_blogs').select('slug').eq('organization_id', workspaceId)) ?? [];
  return rows[0] ?? null;
}

export function useWorkspaceBlog(workspaceId: string) {
  return useQuery(queryOptions({ queryKey: blogKeys.settings(workspaceId), queryFn: () => getWorkspaceBlog(workspaceId) }));
}

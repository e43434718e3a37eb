import type { QueryClient } from '@tanstack/react-query';
import { fetchProfile, profileQueryKey } from '@/lib/auth';
import { loadQueryClient } from '@/lib/deferred-query-client';
import { supabase } from '@/lib/supabase';
import { fetchWorkspaces, rememberedWorkspaceId, workspaceKeys } from '@/lib/workspace';
import { chooseWorkspace } from '@/lib/workspace-choice';

/** Who is signed in and which workspace the page will show, as early as they can be known. */
export interface WorkspaceContext {
  queryClient: QueryClient;
  userId: string;
  workspaceId: string;
}

/**
 * The signed-in area's own data, started before any of it renders (issue 33): the session (supabase-js reads it from
 * storage, no request unless it must be refreshed), then the profile and the workspace list in parallel, with the
 * same keys and functions as `AuthProvider` and `WorkspaceProvider`, which find them loaded or under way. Resolves
 * with the workspace the page will show: the one this browser showed last (at once, without waiting for the list),
 * else the one the list gives. Null when signed out or without a workspace.
 */
export async function prefetchAccount(): Promise<WorkspaceContext | null> {
  const [queryClient, { data }] = await Promise.all([loadQueryClient(), supabase.auth.getSession()]);
  const userId = data.session?.user.id;
  if (!userId) return null;
  void queryClient.prefetchQuery({ queryKey: profileQueryKey(userId), queryFn: () => fetchProfile(userId), staleTime: Infinity });
  const list = queryClient.fetchQuery({ queryKey: workspaceKeys.list(userId), queryFn: () => fetchWorkspaces(userId) });
  const workspaceId = rememberedWorkspaceId(userId) ?? chooseWorkspace(await list.catch(() => []), null)?.id;
  return workspaceId ? { queryClient, userId, workspaceId } : null;
}

/**
 * A signed-in route's `prefetch`: `start` prefetches its page's queries for the workspace it will show, together with
 * the account's (no waterfall session → profile → workspace → data). A failure is left to the page's own queries.
 */
export function prefetchForWorkspace(start: (context: WorkspaceContext) => void): () => void {
  return () => {
    void prefetchAccount()
      .then((context) => {
        if (context) start(context);
      })
      .catch(() => {});
  };
}

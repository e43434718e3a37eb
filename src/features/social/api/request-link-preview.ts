import { useQuery } from '@tanstack/react-query';
import { socialKeys } from '@/features/social/api/keys';
import type { ComposerCard } from '@/features/social/utils/composer-link';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export const composerCardKey = (workspaceId: string, url: string) => [...socialKeys.all, workspaceId, 'composer-link-card', url] as const;

/**
 * Asks for a link's card before the post is saved: request_social_link_preview queues the fetch on the job runner
 * (or finds the workspace's recent card) and returns the cached row. Asked once per link; the row is then polled
 * (`useComposerLinkCard`).
 */
export function useRequestLinkPreview(workspaceId: string, url: string | null) {
  return useQuery({
    queryKey: [...composerCardKey(workspaceId, url ?? ''), 'request'] as const,
    queryFn: async (): Promise<ComposerCard> =>
      unwrap(await supabase.rpc('request_social_link_preview', { p_workspace_id: workspaceId, p_url: url! })) as ComposerCard,
    enabled: url !== null && workspaceId !== '',
    staleTime: Infinity,
    retry: false,
  });
}

import { useQuery } from '@tanstack/react-query';
import { composerCardKey } from '@/features/social/api/request-link-preview';
import type { ComposerCard } from '@/features/social/utils/composer-link';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

const POLL_MS = 1_000;

/** The workspace's cached card of a link, read every second while the job runner fetches it (status `pending`). */
export function useComposerLinkCard(workspaceId: string, url: string | null, isRequested: boolean) {
  return useQuery({
    queryKey: composerCardKey(workspaceId, url ?? ''),
    queryFn: async (): Promise<ComposerCard | null> =>
      unwrap(
        await supabase.from('social_link_preview_cache').select('url, status, title, description, image_url, note')
          .eq('organization_id', workspaceId).eq('url', url!).maybeSingle(),
      ),
    enabled: isRequested && url !== null,
    refetchInterval: (query) => (query.state.data?.status === 'ready' || query.state.data?.status === 'failed' ? false : POLL_MS),
  });
}

import { useQuery } from '@tanstack/react-query';
import { socialKeys } from '@/features/social/api/keys';
import type { MastodonConnection } from '@/features/social/api/start-mastodon-connection';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

async function getMastodonConnection(id: string): Promise<MastodonConnection | null> {
  return unwrap(await supabase.from('mastodon_connections').select('*').eq('id', id).single());
}

const WAITING = new Set(['registering', 'exchanging']);

/** A Mastodon connection the member started, read again every second while a job works on it. */
export function useMastodonConnection(id: string | null) {
  return useQuery({
    queryKey: [...socialKeys.all, 'mastodon-connection', id],
    queryFn: () => getMastodonConnection(id!),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && WAITING.has(query.state.data.status) ? 1_000 : false),
  });
}

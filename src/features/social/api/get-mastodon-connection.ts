import { useQuery } from '@tanstack/react-query';
import type { MastodonConnection } from '@/features/social/api/start-mastodon-connection';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** The connection and, once connected, its account's name. */
export type MastodonConnectionView = MastodonConnection & { account_name: string | null };

async function getMastodonConnection(id: string): Promise<MastodonConnectionView | null> {
  const connection = unwrap(await supabase.from('mastodon_connections').select('*').eq('id', id).single());
  if (!connection) return null;
  if (!connection.account_id) return { ...connection, account_name: null };
  const accounts = unwrap(await supabase.from('social_accounts').select('display_name').eq('id', connection.account_id)) ?? [];
  return { ...connection, account_name: accounts[0]?.display_name ?? null };
}

const WAITING = new Set(['registering', 'exchanging']);

/**
 * A Mastodon connection the member started, read again every second while a job works on it. Its key is under
 * ['social'] without importing the hub's keys, so the callback route shares no module with /marketing/social's first
 * load (a shared module would become a chunk of its own there).
 */
export function useMastodonConnection(id: string | null) {
  return useQuery({
    queryKey: ['social', 'mastodon-connection', id],
    queryFn: () => getMastodonConnection(id!),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && WAITING.has(query.state.data.status) ? 1_000 : false),
  });
}

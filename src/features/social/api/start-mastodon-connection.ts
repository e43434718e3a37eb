import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type MastodonConnection = Tables<'mastodon_connections'>;

/** This app's callback page on the instance's side of the OAuth dance (registered with the app on the instance). */
export function mastodonRedirectUri(origin = window.location.origin): string {
  return `${origin}${paths.socialConnectMastodon}`;
}

async function startMastodonConnection(input: { workspaceId: string; instance: string }): Promise<MastodonConnection> {
  const { data, error } = await supabase.rpc('start_mastodon_connection', { workspace_id: input.workspaceId, instance: input.instance, redirect_uri: mastodonRedirectUri() });
  if (error) throw toError(error);
  return data;
}

/** Queues the app registration on the instance; the connection's authorize URL follows (useMastodonConnection). */
export function useStartMastodonConnection() {
  return useMutation({ mutationFn: startMastodonConnection });
}

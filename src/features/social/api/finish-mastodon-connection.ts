import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MastodonConnection } from '@/features/social/api/start-mastodon-connection';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

async function finishMastodonConnection(input: { workspaceId: string; state: string; code: string }): Promise<MastodonConnection> {
  const { data, error } = await supabase.rpc('finish_mastodon_connection', { workspace_id: input.workspaceId, state: input.state, code: input.code });
  if (error) throw toError(error);
  return data;
}

/** The callback page's call: the state is checked and the code exchanged by a job (['social']: the hub's lists). */
export function useFinishMastodonConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: finishMastodonConnection, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['social'] }) });
}

import { useQuery } from '@tanstack/react-query';
import { socialKeys } from '@/features/social/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface AccountToReconnect {
  id: string;
  display_name: string;
}

/**
 * The workspace's accounts that need reconnecting — the Social Hub's banner's rule (needsReconnect): the network
 * refused their password or token (`reconnect`) or never took it (`failed`); the webhook channel has none to refuse, for the dashboard's notice. Read with the member's own rights (RLS: their
 * workspace only); under socialKeys.all, so a reconnect in the Social Hub refreshes it.
 */
export function useAccountsToReconnect(workspaceId: string) {
  return useQuery({
    queryKey: [...socialKeys.all, workspaceId, 'to-reconnect'] as const,
    queryFn: async (): Promise<AccountToReconnect[]> => {
      const rows = unwrap(
        await supabase
          .from('social_accounts')
          .select('id, display_name, network')
          .eq('organization_id', workspaceId)
          .in('status', ['reconnect', 'failed'])
          .order('created_at')
          .order('id'),
      ) ?? [];
      return rows.filter((row) => row.network !== 'webhook').map(({ id, display_name }) => ({ id, display_name }));
    },
  });
}

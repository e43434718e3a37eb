import { useQuery } from '@tanstack/react-query';
import { socialKeys } from '@/features/social/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type SocialAccount = Tables<'social_accounts'>;

async function getSocialAccounts(workspaceId: string): Promise<SocialAccount[]> {
  return unwrap(await supabase.from('social_accounts').select('*').eq('organization_id', workspaceId).order('created_at').order('id')) ?? [];
}

/** The workspace's accounts (never a credential); read again every 3 s while one is being checked. */
export function useSocialAccounts(workspaceId: string) {
  return useQuery({
    queryKey: socialKeys.accounts(workspaceId),
    queryFn: () => getSocialAccounts(workspaceId),
    refetchInterval: (query) => ((query.state.data ?? []).some((account) => account.status === 'connecting') ? 3_000 : false),
  });
}

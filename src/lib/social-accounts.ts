import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

/**
 * The workspace's social accounts, as two features read them: the Social Hub (src/features/social) and the Content
 * Hub, whose Editorial Calendar shows the scheduled posts with their networks and filters by account
 * (src/features/content). Features do not import each other's hooks.
 */
export type SocialAccount = Tables<'social_accounts'>;

/**
 * Query keys: every social query starts with ['social'] (the Social Hub's `api/keys.ts` adds its own under it and a
 * change there reloads them all, the calendar's posts included).
 */
export const socialQueryKeys = {
  all: ['social'] as const,
  accounts: (workspaceId: string) => [...socialQueryKeys.all, workspaceId, 'accounts'] as const,
  /** The Editorial Calendar's posts of [from, to): `queryKey[2] === 'calendar'` tells them apart. */
  calendarPosts: (workspaceId: string, from: string, to: string) => [...socialQueryKeys.all, workspaceId, 'calendar', from, to] as const,
};

async function getSocialAccounts(workspaceId: string): Promise<SocialAccount[]> {
  return unwrap(await supabase.from('social_accounts').select('*').eq('organization_id', workspaceId).order('created_at').order('id')) ?? [];
}

/**
 * The workspace's accounts (never a credential); read again every 3 s while one is being checked. Nothing is asked
 * before the workspace is known ('' while it loads: the data API would refuse it as an invalid uuid).
 */
export function useSocialAccounts(workspaceId: string) {
  return useQuery({
    queryKey: socialQueryKeys.accounts(workspaceId),
    queryFn: () => getSocialAccounts(workspaceId),
    enabled: workspaceId !== '',
    refetchInterval: (query) => ((query.state.data ?? []).some((account) => account.status === 'connecting') ? 3_000 : false),
  });
}

import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';
import { teamKeys } from '@/lib/workspace-members';
import type { Tables } from '@/types/database';

export type Invitation = Pick<Tables<'workspace_invitations'>, 'id' | 'email' | 'role' | 'expires_at' | 'last_sent_at' | 'created_at'>;

/** Open invitations (neither accepted nor revoked, expired ones included), newest first. RLS: admins and owners. */
async function getInvitations(workspaceId: string): Promise<Invitation[]> {
  const result = await supabase
    .from('workspace_invitations')
    .select('id, email, role, expires_at, last_sent_at, created_at')
    .eq('organization_id', workspaceId)
    .is('accepted_at', null)
    .is('revoked_at', null)
    .order('created_at', { ascending: false });
  return unwrap(result) ?? [];
}

export function useInvitations() {
  const { current, canManage } = useWorkspace();
  const workspaceId = current?.id ?? '';
  return useQuery({ queryKey: teamKeys.invitations(workspaceId), queryFn: () => getInvitations(workspaceId), enabled: canManage });
}

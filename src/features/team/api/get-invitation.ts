import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export type InvitationStatus = 'pending' | 'expired' | 'accepted' | 'revoked' | 'invalid';

export interface InvitationPreview {
  status: InvitationStatus;
  workspaceName: string | null;
  inviterName: string | null;
  email: string | null;
  accessRole: string | null;
}

const STATUSES: readonly InvitationStatus[] = ['pending', 'expired', 'accepted', 'revoked', 'invalid'];

/** get_invitation(token): what anyone holding the link may see (signed out too). */
async function getInvitation(token: string): Promise<InvitationPreview> {
  const row = unwrap(await supabase.rpc('get_invitation', { token }).single());
  if (!row) return { status: 'invalid', workspaceName: null, inviterName: null, email: null, accessRole: null };
  const status = STATUSES.find((value) => value === row.status) ?? 'invalid';
  return {
    status,
    workspaceName: row.workspace_name ?? null,
    inviterName: row.inviter_name ?? null,
    email: row.email ?? null,
    accessRole: row.access_role ?? null,
  };
}

export const invitationKey = (token: string) => ['invitation', token] as const;

export function useInvitationPreview(token: string) {
  return useQuery({ queryKey: invitationKey(token), queryFn: () => getInvitation(token), staleTime: 0 });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { isAccessRole, type AccessRole } from '@/config/access-roles';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

/** A member of the current workspace as the Team screen, the dashboard and the Executive Overview show them. */
export interface WorkspaceMember {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  marketingRole: string | null;
  lastActive: string | null;
  accessRole: AccessRole;
  joinedAt: string;
}

export const teamKeys = {
  all: ['team'] as const,
  members: (workspaceId: string) => [...teamKeys.all, 'members', workspaceId] as const,
  invitations: (workspaceId: string) => [...teamKeys.all, 'invitations', workspaceId] as const,
};

/** workspace_members(): everyone in a workspace the caller belongs to (nothing for any other workspace). */
async function getWorkspaceMembers(workspaceId: string): Promise<WorkspaceMember[]> {
  const rows = unwrap(await supabase.rpc('workspace_members', { workspace_id: workspaceId })) ?? [];
  return rows.map((row) => ({
    userId: row.user_id,
    firstName: row.first_name?.trim() ?? '',
    lastName: row.last_name?.trim() ?? '',
    email: row.email,
    marketingRole: row.marketing_role ?? null,
    lastActive: row.last_active ?? null,
    accessRole: isAccessRole(row.access_role) ? row.access_role : 'viewer',
    joinedAt: row.joined_at,
  }));
}

export function workspaceMembersQueryOptions(workspaceId: string) {
  return queryOptions({ queryKey: teamKeys.members(workspaceId), queryFn: () => getWorkspaceMembers(workspaceId) });
}

/** The members of the current workspace; waits until the workspace is known. */
export function useWorkspaceMembers() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ ...workspaceMembersQueryOptions(workspaceId ?? ''), enabled: workspaceId !== null });
}

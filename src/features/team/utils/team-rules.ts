import { accessRoleRank, accessRoles, type AccessRole } from '@/config/access-roles';
import type { WorkspaceMember } from '@/lib/workspace-members';

/**
 * What the Team screen offers, mirroring the database's checks (20261123050400_create_workspace_rpcs.sql), which
 * decide in the end: admins change roles up to admin of people who are not owners, owners change every role;
 * nobody raises their own role; removing oneself is leaving.
 */
export function roleChoices(caller: AccessRole, target: AccessRole, isSelf: boolean): AccessRole[] {
  if (accessRoleRank(caller) < accessRoleRank('admin')) return [];
  if (caller !== 'owner' && target === 'owner') return [];
  const ceiling = isSelf ? caller : caller === 'owner' ? 'owner' : 'admin';
  return accessRoles.map((role) => role.value).filter((role) => accessRoleRank(role) <= accessRoleRank(ceiling));
}

export function canRemove(caller: AccessRole, target: AccessRole, isSelf: boolean): boolean {
  if (isSelf || accessRoleRank(caller) < accessRoleRank('admin')) return false;
  return target !== 'owner' || caller === 'owner';
}

/** Roles an inviter may give: up to their own. */
export function inviteRoleChoices(caller: AccessRole): AccessRole[] {
  return accessRoles.map((role) => role.value).filter((role) => accessRoleRank(role) <= accessRoleRank(caller));
}

/** True when the workspace would be left without an owner if this owner left or stepped down. */
export function isLastOwner(members: readonly Pick<WorkspaceMember, 'userId' | 'accessRole'>[], userId: string): boolean {
  const owners = members.filter((member) => member.accessRole === 'owner');
  return owners.length === 1 && owners[0]!.userId === userId;
}

/** An invitation past its expiry is shown as expired until renewed. */
export function isExpired(expiresAt: string, now: Date): boolean {
  return new Date(expiresAt).getTime() <= now.getTime();
}

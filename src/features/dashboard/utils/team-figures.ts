import { marketingRoles } from '@/config/roles';
import type { WorkspaceMember } from '@/lib/workspace-members';

export interface TeamFigures {
  size: number;
  /** How many of the ten marketing roles someone in the team has. */
  rolesCovered: number;
  rolesTotal: number;
}

/**
 * The Executive Overview's team figures from its members. Who is active is not counted here: that is the Active Users
 * figure of platform_overview (members who opened the workspace), shown beside these.
 */
export function teamFigures(members: readonly Pick<WorkspaceMember, 'marketingRole'>[]): TeamFigures {
  const known = new Set<string>(marketingRoles.map((role) => role.value));
  const covered = new Set(members.map((member) => member.marketingRole).filter((role): role is string => role !== null && known.has(role)));
  return {
    size: members.length,
    rolesCovered: covered.size,
    rolesTotal: marketingRoles.length,
  };
}

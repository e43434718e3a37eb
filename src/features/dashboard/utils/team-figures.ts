import { marketingRoles } from '@/config/roles';
import { isActiveThisWeek } from '@/lib/member-display';
import type { WorkspaceMember } from '@/lib/workspace-members';

export interface TeamFigures {
  size: number;
  activeThisWeek: number;
  /** How many of the ten marketing roles someone in the team has. */
  rolesCovered: number;
  rolesTotal: number;
}

/** The real team figures of the dashboard and the Executive Overview. */
export function teamFigures(members: readonly Pick<WorkspaceMember, 'lastActive' | 'marketingRole'>[], now: Date): TeamFigures {
  const known = new Set<string>(marketingRoles.map((role) => role.value));
  const covered = new Set(members.map((member) => member.marketingRole).filter((role): role is string => role !== null && known.has(role)));
  return {
    size: members.length,
    activeThisWeek: members.filter((member) => isActiveThisWeek(member.lastActive, now)).length,
    rolesCovered: covered.size,
    rolesTotal: marketingRoles.length,
  };
}

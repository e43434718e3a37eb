/**
 * Access roles of a workspace (what a member may do there), lowest to highest: the same four values and order as
 * the database's `private.access_role_rank` (supabase/migrations/20261123050000_add_workspace_access_roles.sql).
 * Separate from the marketing role (what a person does: roles.ts).
 */
export const accessRoles = [
  { value: 'viewer', label: 'Viewer', description: 'Reads everything in the workspace and changes nothing.' },
  { value: 'member', label: 'Member', description: 'Creates, edits and deletes content items and campaigns.' },
  { value: 'admin', label: 'Admin', description: 'Invites and removes people, changes roles up to admin, renames the workspace.' },
  { value: 'owner', label: 'Owner', description: 'Everything, including making owners and deleting the workspace.' },
] as const;

export type AccessRole = (typeof accessRoles)[number]['value'];

/** Days an invitation link stays valid. */
export const INVITATION_VALID_DAYS = 7;

export function isAccessRole(value: unknown): value is AccessRole {
  return accessRoles.some((role) => role.value === value);
}

/** 1 (viewer) … 4 (owner); 0 for anything else, so an unknown role allows nothing. */
export function accessRoleRank(role: string | null | undefined): number {
  return accessRoles.findIndex((entry) => entry.value === role) + 1;
}

/** True when `role` is `min` or higher. */
export function hasAccessRole(role: string | null | undefined, min: AccessRole): boolean {
  const rank = accessRoleRank(role);
  return rank > 0 && rank >= accessRoleRank(min);
}

export function accessRoleLabel(role: string | null | undefined): string {
  return accessRoles.find((entry) => entry.value === role)?.label ?? 'No access';
}

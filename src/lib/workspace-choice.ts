import { isAccessRole, type AccessRole } from '@/config/access-roles';
import { workspaceErrorMessages, workspaceFallbackError } from '@/config/team-copy';

/** A workspace of the signed-in user, with their access role in it. */
export interface Workspace {
  id: string;
  name: string;
  isPersonal: boolean;
  accessRole: AccessRole;
  joinedAt: string;
  /** Members reach its data only after entering a two-factor code (an owner's setting). */
  requiresTwoFactor: boolean;
  /** Its IANA time zone (an admin's setting, UTC until set): the automation editor's default zone. */
  timeZone: string;
}

export interface MembershipRow {
  organization_id: string;
  role: string;
  created_at: string;
}

export interface OrganizationRow {
  id: string;
  name: string;
  is_personal: boolean;
  require_two_factor?: boolean;
  time_zone?: string;
}

/** Memberships joined with their organizations, sorted by name; a membership whose organization is not readable is left out. */
export function toWorkspaces(memberships: readonly MembershipRow[], organizations: readonly OrganizationRow[]): Workspace[] {
  const byId = new Map(organizations.map((organization) => [organization.id, organization]));
  const workspaces: Workspace[] = [];
  for (const membership of memberships) {
    const organization = byId.get(membership.organization_id);
    if (!organization || !isAccessRole(membership.role)) continue;
    workspaces.push({
      id: organization.id,
      name: organization.name,
      isPersonal: organization.is_personal,
      accessRole: membership.role,
      joinedAt: membership.created_at,
      requiresTwoFactor: organization.require_two_factor ?? false,
      timeZone: organization.time_zone ?? 'UTC',
    });
  }
  return workspaces.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * The workspace to work in: the one this browser remembers while the server still lists it, else the one joined
 * first (the sign-up workspace). Null without any.
 */
export function chooseWorkspace(workspaces: readonly Workspace[], rememberedId: string | null): Workspace | null {
  const remembered = rememberedId ? workspaces.find((workspace) => workspace.id === rememberedId) : undefined;
  return remembered ?? [...workspaces].sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.id.localeCompare(b.id))[0] ?? null;
}

/** Where this browser remembers the current workspace of a user. */
export function workspaceStorageKey(userId: string): string {
  return `bb-current-workspace:${userId}`;
}

/** The stable reason a workspace or invitation function gave (PostgREST `details`), if any. */
export function workspaceErrorReason(error: unknown): string | null {
  if (error && typeof error === 'object' && 'details' in error && typeof error.details === 'string') return error.details;
  return null;
}

/** What to tell the user about a failed workspace or invitation call. */
export function workspaceErrorMessage(error: unknown): string {
  const reason = workspaceErrorReason(error);
  return (reason && workspaceErrorMessages[reason]) || workspaceFallbackError;
}

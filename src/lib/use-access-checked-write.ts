import { useCallback } from 'react';
import { hasAccessRole } from '@/config/access-roles';
import { AccessLostError, mayMeanLostAccess } from '@/lib/access-lost';
import { useOptionalWorkspace } from '@/lib/workspace';

export type AccessCheckedWrite = <T>(write: () => Promise<T>) => Promise<T>;

/**
 * Runs a write of the current workspace's records. When the server refuses it in a way that may mean lost access (no
 * row changed, 42501, a record it does not see), the user's workspaces are read again: no longer a member → an
 * AccessLostError ("You no longer have access to …"), now a viewer → one saying so; still a member with the right to
 * write → the original error (the record is really gone, or the failure is another one). Reading the workspaces again
 * also moves the page to a workspace the user still has (WorkspaceProvider). Outside the signed-in area (the site
 * admin's screens, which share some features) there is no workspace: the write runs as it is.
 */
export function useAccessCheckedWrite(): AccessCheckedWrite {
  const workspace = useOptionalWorkspace();
  const current = workspace?.current ?? null;
  const confirmAccess = workspace?.confirmAccess;
  return useCallback(
    async <T,>(write: () => Promise<T>): Promise<T> => {
      try {
        return await write();
      } catch (error) {
        if (!current || !confirmAccess || !mayMeanLostAccess(error)) throw error;
        // A failed check (offline, say) leaves the original error: nothing is claimed that was not seen.
        const now = await confirmAccess(current.id).catch(() => undefined);
        if (now === null) throw new AccessLostError(current.name, 'removed', { cause: error });
        if (now && !hasAccessRole(now.accessRole, 'member')) throw new AccessLostError(current.name, 'read-only', { cause: error });
        throw error;
      }
    },
    [current, confirmAccess],
  );
}

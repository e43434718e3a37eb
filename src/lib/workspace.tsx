import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { hasAccessRole } from '@/config/access-roles';
import { workspaceCopy } from '@/config/team-copy';
import { earlyRowsOr } from '@/lib/early-requests';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { chooseWorkspace, toWorkspaces, workspaceStorageKey, type Workspace } from '@/lib/workspace-choice';

/**
 * The signed-in user's workspaces and the current one (mounted by AuthProvider). The current workspace is
 * remembered per browser (localStorage, per user) and checked against the list the server gives (RLS: the
 * caller's memberships): a remembered workspace the user has left or lost falls back to their first one.
 * The list is read again whenever the window gets the focus, every few seconds while the page is visible (our server
 * has no Realtime to push a removal; one small read of the caller's own memberships), and after a refused write
 * (`confirmAccess`), so a member who is removed is moved to a workspace they still have within seconds, with a toast
 * saying why; the server refuses their requests at once in any case.
 */

/** How often a visible page reads the user's workspaces again (hidden tabs do not; a focus reads at once). */
export const MEMBERSHIP_CHECK_INTERVAL_MS = 5_000;

/** A workspace of the user that requires two-factor authentication their session has not given. */
export interface LockedWorkspace {
  id: string;
  name: string;
}

export interface WorkspaceState {
  workspaces: Workspace[];
  /** The user's workspaces out of reach until they use two-factor authentication (not in `workspaces`). */
  lockedWorkspaces: LockedWorkspace[];
  /** Where lists, figures and new records belong; null while loading or without any workspace. */
  current: Workspace | null;
  isLoading: boolean;
  error: Error | null;
  /** Members, admins and owners write records; viewers read only. */
  canWrite: boolean;
  /** Admins and owners invite, remove, change roles and rename. */
  canManage: boolean;
  isOwner: boolean;
  select(id: string): void;
  refresh(): Promise<unknown>;
  /** Reads the workspaces again now: the user's workspace of that id as the server has it, null when it is gone. */
  confirmAccess(workspaceId: string): Promise<Workspace | null>;
}

export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: (userId: string | null) => [...workspaceKeys.all, 'list', userId] as const,
  locked: (userId: string | null) => [...workspaceKeys.all, 'two-factor', userId] as const,
};

type MembershipRows = Parameters<typeof toWorkspaces>[0];
type OrganizationRows = Parameters<typeof toWorkspaces>[1];

export async function fetchWorkspaces(userId: string): Promise<Workspace[]> {
  // The page's first read takes the responses the shell's inline script asked for (@/lib/early-requests).
  const [memberships, organizations] = await Promise.all([
    earlyRowsOr(
      'memberships',
      userId,
      async () => unwrap(await supabase.from('organization_members').select('organization_id, role, created_at').eq('user_id', userId)) ?? [],
      (rows) => rows as MembershipRows,
    ),
    earlyRowsOr(
      'organizations',
      userId,
      async () => unwrap(await supabase.from('organizations').select('id, name, is_personal, require_two_factor, time_zone')) ?? [],
      (rows) => rows as OrganizationRows,
    ),
  ]);
  return toWorkspaces(memberships, organizations);
}

/** The workspaces that refuse this session for want of a two-factor code (the database leaves them out above). */
export async function fetchLockedWorkspaces(): Promise<LockedWorkspace[]> {
  return unwrap(await supabase.rpc('workspaces_requiring_two_factor')) ?? [];
}

/** The workspace this browser last showed the user (chosen, or fallen back to): where a cold page load starts. */
export function rememberedWorkspaceId(userId: string | null): string | null {
  if (!userId || typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(workspaceStorageKey(userId));
  } catch {
    return null;
  }
}

function remember(userId: string, workspaceId: string): void {
  try {
    window.localStorage.setItem(workspaceStorageKey(userId), workspaceId);
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}

const WorkspaceContext = createContext<WorkspaceState | null>(null);

export function WorkspaceProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: workspaceKeys.list(userId),
    queryFn: () => fetchWorkspaces(userId!),
    enabled: userId !== null,
    refetchInterval: MEMBERSHIP_CHECK_INTERVAL_MS,
    // The app's default waits until the data is 30 s old; a focus should notice a removal at once.
    refetchOnWindowFocus: 'always',
  });
  const locked = useQuery({
    queryKey: workspaceKeys.locked(userId),
    queryFn: fetchLockedWorkspaces,
    enabled: userId !== null,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  const lockedWorkspaces = useMemo(() => locked.data ?? [], [locked.data]);
  const refetchLocked = locked.refetch;
  const [choice, setChoice] = useState(() => ({ userId, id: rememberedWorkspaceId(userId) }));
  const rememberedId = choice.userId === userId ? choice.id : rememberedWorkspaceId(userId);
  const workspaces = useMemo(() => query.data ?? [], [query.data]);
  const current = chooseWorkspace(workspaces, rememberedId);

  const select = useCallback(
    (id: string) => {
      if (userId) remember(userId, id);
      setChoice({ userId, id });
    },
    [userId],
  );

  // Remember the workspace shown, chosen or not: the next page load starts its data for it at once (issue 33).
  useEffect(() => {
    if (userId && current && current.id !== rememberedId) remember(userId, current.id);
  }, [userId, current, rememberedId]);

  // Say so when the workspace in use disappears from the list (removed, or deleted by its owner elsewhere), and where
  // the page now is: every list and figure follows `current` to the workspace chosen instead.
  const shown = useRef<Workspace | null>(null);
  useEffect(() => {
    if (!query.isSuccess) return;
    const previous = shown.current;
    if (previous && !workspaces.some((workspace) => workspace.id === previous.id)) {
      toast.warning(workspaceCopy.lostAccess(previous.name), {
        id: `lost-access:${previous.id}`,
        description: current ? workspaceCopy.movedTo(current.name) : workspaceCopy.movedNowhere,
      });
      // It may now require two-factor authentication: the notice under the header says so.
      void refetchLocked();
    }
    shown.current = current;
  }, [query.isSuccess, workspaces, current, refetchLocked]);

  // A write refused for lack of rights may mean the membership is gone: read the list again.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const error = event.mutation?.state.error as { code?: unknown } | null | undefined;
        if (event.type === 'updated' && event.action.type === 'error' && error?.code === '42501') {
          void queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
        }
      }),
    [queryClient],
  );

  const confirmAccess = useCallback(
    async (workspaceId: string) => {
      if (!userId) return null;
      const fresh = await queryClient.fetchQuery({ queryKey: workspaceKeys.list(userId), queryFn: () => fetchWorkspaces(userId), staleTime: 0 });
      return fresh.find((workspace) => workspace.id === workspaceId) ?? null;
    },
    [queryClient, userId],
  );

  const refetch = query.refetch;
  const value = useMemo<WorkspaceState>(
    () => ({
      workspaces,
      lockedWorkspaces,
      current,
      isLoading: userId !== null && query.isPending,
      error: query.error,
      canWrite: hasAccessRole(current?.accessRole, 'member'),
      canManage: hasAccessRole(current?.accessRole, 'admin'),
      isOwner: current?.accessRole === 'owner',
      select,
      refresh: () => refetch(),
      confirmAccess,
    }),
    [workspaces, lockedWorkspaces, current, userId, query.isPending, query.error, select, refetch, confirmAccess],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

/** The workspace state where there is one (the signed-in area), null elsewhere (the site admin's screens). */
export function useOptionalWorkspace(): WorkspaceState | null {
  return useContext(WorkspaceContext);
}

export function useWorkspace(): WorkspaceState {
  const context = useContext(WorkspaceContext);
  if (!context) throw new Error('useWorkspace must be used within a WorkspaceProvider');
  return context;
}

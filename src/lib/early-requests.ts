/**
 * The account's first reads, started by the shell's inline script (`APP_FRAME_SCRIPT`) while the HTML is parsed, with
 * the stored session's own token (RLS applies as to any request of the app), before the app's script has loaded
 * (issue 33). Only on the own server, where the API is the page's origin and the page carries the anon key.
 * The app's first read of each takes the response instead of asking again: once, and only for the user the requests
 * were made for — a later read, another user or a failure asks the server as before.
 */
export interface EarlyRequests {
  userId: string;
  profile?: Promise<unknown>;
  memberships?: Promise<unknown>;
  organizations?: Promise<unknown>;
  /** /marketing/email: its overview's two reads (rpc email_overview, the five latest campaigns), for the workspace the
   * frame chose (the one the app will show, by the same rule). */
  emailOverview?: EarlyWorkspaceReads<'counts' | 'recent'>;
  /** /marketing/analytics: the workspace's sites (the console's first read), for the workspace the frame chose. */
  analyticsSites?: EarlyWorkspaceReads<'sites'>;
}

/** A page's early reads for one workspace. */
export type EarlyWorkspaceReads<Name extends string> = { workspaceId: string } & Record<Name, Promise<unknown>>;

export type EarlyRequestName = 'profile' | 'memberships' | 'organizations';

/** The pages' early reads for one workspace. */
export type WorkspaceReadsName = 'emailOverview' | 'analyticsSites';

declare global {
  interface Window {
    __earlyRequests?: EarlyRequests;
  }
}

/**
 * The early response `name` for `userId`, removed from `store` so it is used once; undefined when there is none for
 * that user (no early requests, another user's, or already taken).
 */
export function takeEarlyRequest(store: EarlyRequests | undefined, name: EarlyRequestName, userId: string): Promise<unknown> | undefined {
  if (!store || store.userId !== userId) return undefined;
  const response = store[name];
  delete store[name];
  return response;
}

/**
 * A page's early reads `name` made for `userId` and `workspaceId`; undefined for another user or another workspace
 * (the app shows another one than the frame chose), or when taken. The page's first read removes them from `store`
 * whatever it asks for: they are the page-load figures, and a read after a change of workspace and back must not be
 * given them (it asks the server).
 */
export function takeEarlyWorkspaceReads<Name extends WorkspaceReadsName>(store: EarlyRequests | undefined, name: Name, userId: string, workspaceId: string): EarlyRequests[Name] {
  if (!store) return undefined;
  const reads = store[name];
  delete store[name];
  return reads && store.userId === userId && reads.workspaceId === workspaceId ? reads : undefined;
}

/** `takeEarlyRequest` on this page's store (none outside a browser). */
export function takeEarly(name: EarlyRequestName, userId: string): Promise<unknown> | undefined {
  return takeEarlyRequest(typeof window === 'undefined' ? undefined : window.__earlyRequests, name, userId);
}

/** Forgets what the page started (sign-out): nothing of it is used afterwards, whoever signs in next. */
export function dropEarlyRequests(): void {
  if (typeof window !== 'undefined') delete window.__earlyRequests;
}

/**
 * The rows of an early response, or `fallback()` when there was none for this user or it failed (an expired or
 * revoked token, the network): the app's own read, with the session supabase-js holds.
 */
export async function earlyRowsOr<T>(name: EarlyRequestName, userId: string, fallback: () => Promise<T>, fromRows: (rows: unknown[]) => T): Promise<T> {
  const early = takeEarly(name, userId);
  if (early) {
    try {
      const rows = await early;
      if (Array.isArray(rows)) return fromRows(rows);
    } catch {
      // Asked again below.
    }
  }
  return fallback();
}

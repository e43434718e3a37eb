import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ADMIN_FLAG_KEY, ADMIN_SESSION_STORAGE_KEY, adminEmailFromUsername } from '@/config/admin';
import type { adminSupabase } from '@/lib/supabase';

/**
 * The site admin's session, for the whole app (header, admin guard, admin screens).
 *
 * - `status` is 'admin' only after the server confirmed it: the admin client (`adminSupabase`, its own storage key
 *   `ADMIN_SESSION_STORAGE_KEY`) has a session AND the RPC `is_site_admin` answers true for it. Checked at start and
 *   again whenever the admin client's auth state changes.
 * - 'checking' while that check runs. At start it is 'checking' only when a stored admin session exists, so a
 *   guard can wait instead of redirecting; nothing is granted while checking.
 * - The spec's local-storage flag (`ADMIN_FLAG_KEY` = 'true') is kept in step (set when confirmed, removed
 *   otherwise) as a hint for other tabs and first paint; a forged flag grants nothing.
 * - supabase-js is loaded only when there is something to check: a stored admin session, `refresh()` or `login()`.
 *
 * API (kept small on purpose):
 * - `login(username, password)`: signs the admin client in with the account the username names, then asks the
 *   server whether it is a site admin; a valid account that is not is signed out again and refused exactly like a
 *   wrong password. Rejects with an `AdminLoginError`.
 * - `refresh()`: re-checks now and resolves with the new `isAdmin`.
 * - `logout()`: signs the admin client out (on the server), clears the flag and the state.
 */
export type AdminStatus = 'checking' | 'admin' | 'visitor';

export interface AdminSession {
  status: AdminStatus;
  isAdmin: boolean;
  login: (username: string, password: string) => Promise<void>;
  refresh: () => Promise<boolean>;
  logout: () => Promise<void>;
}

/**
 * Why a login failed: the server refused the credentials (or the account is no site admin: told the same way), or
 * the answer could not be had (network, server error, too many attempts).
 */
export type AdminLoginFailure = 'invalid-credentials' | 'unavailable';

export class AdminLoginError extends Error {
  override name = 'AdminLoginError';
  constructor(
    readonly reason: AdminLoginFailure,
    options?: { cause?: unknown },
  ) {
    super(reason === 'invalid-credentials' ? 'Invalid username or password' : 'The login could not be completed', options);
  }
}

/** A failed sign-in: a 4xx answer (except 429) is a refusal of the credentials; anything else is no answer. */
export function adminLoginFailureOf(error: { status?: number } | null | undefined): AdminLoginFailure {
  const status = error?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429 ? 'invalid-credentials' : 'unavailable';
}

const AdminSessionContext = createContext<AdminSession | null>(null);

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeFlag(isAdmin: boolean): void {
  try {
    if (isAdmin) window.localStorage.setItem(ADMIN_FLAG_KEY, 'true');
    else window.localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // storage unavailable (private mode): the flag is only a hint
  }
}

export function hasStoredAdminSession(): boolean {
  return typeof window !== 'undefined' && readStorage(ADMIN_SESSION_STORAGE_KEY) !== null;
}

type AdminClient = typeof adminSupabase;

/** Asks the server whether the admin client's session is a site admin's; throws when it cannot tell. */
async function askServerIfSiteAdmin(client: AdminClient): Promise<boolean> {
  const { data: sessionData, error: sessionError } = await client.auth.getSession();
  if (sessionError) throw sessionError;
  if (!sessionData.session) return false;
  const { data, error } = await client.rpc('is_site_admin');
  if (error) throw error;
  return data === true;
}

/** The server's answer for the admin client's current session: never true without a session. */
export async function checkSiteAdmin(client: AdminClient): Promise<boolean> {
  try {
    return await askServerIfSiteAdmin(client);
  } catch (error) {
    console.error('Failed to check the admin session', (error as { message?: string } | null)?.message ?? error);
    return false;
  }
}

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  // Server render and visitors without a stored admin session: 'visitor' (no markup depends on it at first paint).
  const [status, setStatus] = useState<AdminStatus>(() => (hasStoredAdminSession() ? 'checking' : 'visitor'));
  const clientRef = useRef<Promise<AdminClient> | null>(null);
  const checkIdRef = useRef(0);
  const recheckRef = useRef<() => void>(() => {});

  const loadClient = useCallback((): Promise<AdminClient> => {
    clientRef.current ??= import('@/lib/supabase').then(({ adminSupabase }) => {
      // Re-check on every change of the admin client's session (sign-in, sign-out, refresh, other tab).
      // Deferred: supabase-js must not be called from inside its own auth callback.
      adminSupabase.auth.onAuthStateChange((event) => {
        if (event !== 'INITIAL_SESSION') setTimeout(() => recheckRef.current(), 0);
      });
      return adminSupabase;
    });
    clientRef.current.catch(() => {
      clientRef.current = null;
    });
    return clientRef.current;
  }, []);

  /** Sets the state from an answer; only the latest of overlapping checks decides. */
  const settle = useCallback((id: number, isAdmin: boolean) => {
    if (id !== checkIdRef.current) return;
    setStatus(isAdmin ? 'admin' : 'visitor');
    writeFlag(isAdmin);
  }, []);

  /** An answer that wins over any check still running (the login's own). */
  const decide = useCallback(
    (isAdmin: boolean) => {
      checkIdRef.current += 1;
      settle(checkIdRef.current, isAdmin);
    },
    [settle],
  );

  /** Asks the server. */
  const check = useCallback(async (): Promise<boolean> => {
    const id = ++checkIdRef.current;
    let isAdmin = false;
    try {
      const client = await loadClient();
      isAdmin = await checkSiteAdmin(client);
    } catch (error) {
      console.error('Failed to check the admin session', error);
    }
    settle(id, isAdmin);
    return isAdmin;
  }, [loadClient, settle]);

  const refresh = useCallback((): Promise<boolean> => {
    setStatus((current) => (current === 'admin' ? current : 'checking'));
    return check();
  }, [check]);

  useEffect(() => {
    recheckRef.current = () => void check();
  }, [check]);

  // At start: the status is already 'checking' when a stored session exists.
  useEffect(() => {
    if (hasStoredAdminSession()) void check();
    else if (readStorage(ADMIN_FLAG_KEY) !== null) writeFlag(false); // a flag without a session is stale
  }, [check]);

  const login = useCallback(
    async (username: string, password: string): Promise<void> => {
      let client: AdminClient;
      try {
        client = await loadClient();
      } catch (error) {
        throw new AdminLoginError('unavailable', { cause: error });
      }
      const { error } = await client.auth.signInWithPassword({ email: adminEmailFromUsername(username), password });
      if (error) throw new AdminLoginError(adminLoginFailureOf(error), { cause: error });
      let isAdmin: boolean;
      try {
        isAdmin = await askServerIfSiteAdmin(client);
      } catch (cause) {
        await client.auth.signOut({ scope: 'local' }).catch(() => {});
        decide(false);
        throw new AdminLoginError('unavailable', { cause });
      }
      if (!isAdmin) {
        // A valid account that is not a site admin: its new session ends at once, on the server too.
        await client.auth.signOut({ scope: 'local' }).catch(() => {});
        decide(false);
        throw new AdminLoginError('invalid-credentials');
      }
      // Decided before the promise resolves, so a guard rendered right after sees 'admin'.
      decide(true);
    },
    [loadClient, decide],
  );

  const logout = useCallback(async () => {
    checkIdRef.current += 1;
    setStatus('visitor');
    writeFlag(false);
    const client = await loadClient();
    // Only this session ends on the server: the same account may be signed in elsewhere (or as a marketing user).
    const { error } = await client.auth.signOut({ scope: 'local' });
    if (error) console.error('Admin logout: the server could not end the session', error);
  }, [loadClient]);

  const value = useMemo<AdminSession>(
    () => ({ status, isAdmin: status === 'admin', login, refresh, logout }),
    [status, login, refresh, logout],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSession {
  const context = useContext(AdminSessionContext);
  if (!context) throw new Error('useAdminSession must be used within an AdminSessionProvider');
  return context;
}

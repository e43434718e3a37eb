import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ADMIN_FLAG_KEY } from '@/config/admin';
import type { adminSupabase } from '@/lib/supabase';

/**
 * The site admin's session, for the whole app (header, admin guard, admin screens).
 *
 * - `status` is 'admin' only after the server confirmed it: the admin client (`adminSupabase`, storage key
 *   `sb-admin-auth-token`) has a session AND the RPC `is_site_admin` answers true for it. Checked at start and
 *   again whenever the admin client's auth state changes.
 * - 'checking' while that check runs. At start it is 'checking' only when a stored admin session exists, so a
 *   guard can wait instead of redirecting; nothing is granted while checking.
 * - The spec's local-storage flag (`ADMIN_FLAG_KEY` = 'true') is kept in step (set when confirmed, removed
 *   otherwise) as a hint for other tabs and first paint; a forged flag grants nothing.
 * - supabase-js is loaded only when there is something to check: a stored admin session, or `refresh()`.
 *
 * API (kept small on purpose):
 * - `refresh()`: re-checks now and resolves with the new `isAdmin` (call it after signing the admin client in).
 * - `logout()`: signs the admin client out, clears the flag and the state.
 */
export type AdminStatus = 'checking' | 'admin' | 'visitor';

export interface AdminSession {
  status: AdminStatus;
  isAdmin: boolean;
  refresh: () => Promise<boolean>;
  logout: () => Promise<void>;
}

/** Same key as `ADMIN_STORAGE_KEY` of `@/lib/supabase`, repeated here so this module stays free of supabase-js. */
export const ADMIN_SESSION_STORAGE_KEY = 'sb-admin-auth-token';

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

/** The server's answer for the admin client's current session: never true without a session. */
export async function checkSiteAdmin(client: AdminClient): Promise<boolean> {
  const { data: sessionData, error: sessionError } = await client.auth.getSession();
  if (sessionError || !sessionData.session) return false;
  const { data, error } = await client.rpc('is_site_admin');
  if (error) {
    console.error('Failed to check the admin session', error.message);
    return false;
  }
  return data === true;
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

  /** Asks the server; only the latest of overlapping checks decides. */
  const check = useCallback(async (): Promise<boolean> => {
    const id = ++checkIdRef.current;
    let isAdmin = false;
    try {
      const client = await loadClient();
      isAdmin = await checkSiteAdmin(client);
    } catch (error) {
      console.error('Failed to check the admin session', error);
    }
    if (id === checkIdRef.current) {
      setStatus(isAdmin ? 'admin' : 'visitor');
      writeFlag(isAdmin);
    }
    return isAdmin;
  }, [loadClient]);

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

  const logout = useCallback(async () => {
    checkIdRef.current += 1;
    setStatus('visitor');
    writeFlag(false);
    const client = await loadClient();
    const { error } = await client.auth.signOut();
    // Whatever the server said, this browser forgets the admin session.
    if (error) await client.auth.signOut({ scope: 'local' });
  }, [loadClient]);

  const value = useMemo<AdminSession>(() => ({ status, isAdmin: status === 'admin', refresh, logout }), [status, refresh, logout]);
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSession {
  const context = useContext(AdminSessionContext);
  if (!context) throw new Error('useAdminSession must be used within an AdminSessionProvider');
  return context;
}

import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { dashboardCopy } from '@/config/account-copy';
import { REDIRECT_DELAY_MS } from '@/config/messages';
import { paths } from '@/config/paths';
import { ADMIN_SESSION_STORAGE_KEY } from '@/config/admin';
import { isAppFrameShown, removeAppFrame } from '@/lib/app-frame';
import { needsSecondFactor } from '@/lib/assurance-level';
import { dropEarlyRequests, earlyRowsOr } from '@/lib/early-requests';
import { supabase } from '@/lib/supabase';
import { WorkspaceProvider } from '@/lib/workspace';
import type { Tables } from '@/types/database';

/**
 * The marketing user's session, cross-cutting (bulletproof-react's `lib/auth.tsx`): mounted by the account layout
 * around /auth, /sign-up, /invite, /dashboard, /team and /marketing/*, never on the public pages (they must not load
 * supabase-js). It mounts the user's workspaces (`@/lib/workspace`) inside.
 */

export type Profile = Tables<'profiles'>;

export interface AuthState {
  session: Session | null;
  user: User | null;
  /** The signed-in user's id: stamp new rows with it. */
  userId: string | null;
  /** The profile row; null while loading, when signed out, or when it could not be read. */
  profile: Profile | null;
  /** True until the first session check completes. */
  loading: boolean;
  /** True while the signed-in user's profile is being read for the first time. */
  isProfileLoading: boolean;
  /** True from a sign-out request until the next sign-in (the guard then waits before leaving). */
  isSigningOut: boolean;
  /** During the user's own sign-out: the signed-in state just before it, which the page keeps showing until it leaves. */
  signedOutFrom: AuthState | null;
  /** Signs out everywhere (scope global), then removes the leftover auth keys; resolves with the server's error. */
  signOut(): Promise<{ error: Error | null }>;
}

const AuthContext = createContext<AuthState | null>(null);

export const profileQueryKey = (userId: string | null) => ['profile', userId] as const;

/** Spec §7: `select *` from profiles where user_id, single row; errors are only logged. */
export async function fetchProfile(userId: string): Promise<Profile | null> {
  // The page's first read takes the response the shell's inline script asked for (@/lib/early-requests).
  return earlyRowsOr('profile', userId, () => readProfile(userId), (rows) => (rows[0] as Profile | undefined) ?? null);
}

async function readProfile(userId: string): Promise<Profile | null> {
  try {
    const { data, error } = await supabase.from('profiles').select('*').eq('user_id', userId).single();
    if (error || !data) {
      console.error('Error fetching profile:', error?.message ?? 'no profile row');
      return null;
    }
    return data;
  } catch (error) {
    console.error('Error fetching profile:', error);
    return null;
  }
}

/** Spec §4: on SIGNED_IN the profile's last_active becomes now; errors are only logged. */
export async function touchLastActive(userId: string): Promise<void> {
  try {
    const { error } = await supabase.from('profiles').update({ last_active: new Date().toISOString() }).eq('user_id', userId);
    if (error) console.error('Error updating last active:', error.message);
  } catch (error) {
    console.error('Error updating last active:', error);
  }
}

/**
 * The marketing client's auth keys (`sb-<host>-auth-token` and its `-code-verifier`/`-user` companions, and the
 * legacy `supabase.auth.*` keys), never the site admin's (`ADMIN_SESSION_STORAGE_KEY`, which matches neither pattern).
 */
export function isUserAuthStorageKey(key: string): boolean {
  if (key === ADMIN_SESSION_STORAGE_KEY || key.startsWith(`${ADMIN_SESSION_STORAGE_KEY}-`)) return false;
  return /^sb-.+-auth-token(-.+)?$/.test(key) || key.startsWith('supabase.auth.');
}

export function removeUserAuthKeys(storage: Storage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && isUserAuthStorageKey(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const isSigningOutRef = useRef(false);
  const [signedOutFrom, setSignedOutFrom] = useState<AuthState | null>(null);
  const currentRef = useRef<AuthState | null>(null);

  useEffect(() => {
    let active = true;
    const { data } = supabase.auth.onAuthStateChange((event: AuthChangeEvent, next: Session | null) => {
      if (!active) return;
      setSession(next);
      setLoading(false);
      if (event === 'SIGNED_IN' && next) {
        isSigningOutRef.current = false;
        setIsSigningOut(false);
        setSignedOutFrom(null);
        // Deferred: supabase-js awaits this callback, and calling it back from inside can deadlock its lock.
        setTimeout(() => void touchLastActive(next.user.id), 0);
      }
      // After the user's own sign-out the guard clears the cache once it has left the page (which stays as it was
      // until then); a sign-out elsewhere (another tab, an ended session) clears it at once.
      if (event === 'SIGNED_OUT') dropEarlyRequests();
      if (event === 'SIGNED_OUT' && !isSigningOutRef.current) queryClient.clear();
    });
    supabase.auth
      .getSession()
      .then(({ data: current, error }) => {
        if (error) console.error('Error reading the session:', error.message);
        if (!active) return;
        setSession(current.session);
        setLoading(false);
      })
      .catch((error: unknown) => {
        console.error('Error reading the session:', error);
        if (active) setLoading(false);
      });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [queryClient]);

  const user = session?.user ?? null;
  const userId = user?.id ?? null;
  const profileQuery = useQuery({
    queryKey: profileQueryKey(userId),
    queryFn: () => fetchProfile(userId!),
    enabled: userId !== null,
    staleTime: Infinity,
  });

  const signOut = useCallback(async (): Promise<{ error: Error | null }> => {
    isSigningOutRef.current = true;
    setIsSigningOut(true);
    setSignedOutFrom(currentRef.current);
    const failed = () => {
      isSigningOutRef.current = false;
      setIsSigningOut(false);
      setSignedOutFrom(null);
    };
    try {
      // Global sign-out first: supabase-js reads the session from storage to revoke it on the server,
      // so removing the keys before would skip the server call and leave the other sessions alive.
      const { error } = await supabase.auth.signOut({ scope: 'global' });
      if (error) {
        failed();
        return { error };
      }
      removeUserAuthKeys(window.localStorage);
      removeUserAuthKeys(window.sessionStorage);
      return { error: null };
    } catch (error) {
      failed();
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }, []);

  const profile = userId ? (profileQuery.data ?? null) : null;
  const value = useMemo<AuthState>(
    () => ({
      session,
      user,
      userId,
      profile,
      loading,
      isProfileLoading: userId !== null && profileQuery.isPending,
      isSigningOut,
      signedOutFrom,
      signOut,
    }),
    [session, user, userId, profile, loading, profileQuery.isPending, isSigningOut, signedOutFrom, signOut],
  );
  useEffect(() => {
    if (value.user) currentRef.current = value;
  }, [value]);

  return (
    <AuthContext.Provider value={value}>
      <WorkspaceProvider userId={userId}>{children}</WorkspaceProvider>
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

/**
 * A centred status line for whole-page waits; nothing while the page's frame from the served HTML stands for it
 * (`@/lib/app-frame`).
 */
export function PageStatus({ children }: { children: ReactNode }) {
  if (isAppFrameShown()) return null;
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <p role="status" className="text-muted-foreground">
        {children}
      </p>
    </main>
  );
}

/**
 * Signed-in routes: a signed-out visitor goes to /auth (replacing history), and so does a session that has not yet
 * entered its account's two-factor code (/auth asks for it). After the user's own sign-out the page
 * stays as it was, inert (nothing on it can be used any more), until it moves to /auth after the spec's delay: no
 * blank page in between. Then the query cache is cleared.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { user, session, loading, isSigningOut, signedOutFrom } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLeaving = !loading && !user && isSigningOut;
  const isSentToAuth = !loading && ((!user && !isSigningOut) || (user !== null && needsSecondFactor(session)));

  // The page's frame from the served HTML goes with the page it stood for: on to /auth.
  useLayoutEffect(() => {
    if (isSentToAuth) removeAppFrame();
  }, [isSentToAuth]);

  useEffect(() => {
    if (!isLeaving) return;
    const timer = setTimeout(() => {
      void Promise.resolve(navigate(paths.auth, { replace: true })).then(() => queryClient.clear());
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isLeaving, navigate, queryClient]);

  const page = children ?? <Outlet />;
  if (loading) return <PageStatus>{dashboardCopy.loading}</PageStatus>;
  if (!user) {
    if (!isSigningOut) return <Navigate to={paths.auth} replace />;
    if (!signedOutFrom) return <PageStatus>{dashboardCopy.signingOut}</PageStatus>;
    return (
      <AuthContext.Provider value={signedOutFrom}>
        <div inert aria-busy="true">
          {page}
        </div>
      </AuthContext.Provider>
    );
  }
  if (needsSecondFactor(session)) return <Navigate to={paths.auth} replace />;
  return page;
}

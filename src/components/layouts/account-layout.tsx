import { Outlet } from 'react-router';
import { AuthProvider } from '@/lib/auth';

/**
 * The marketing user's area (/auth, /sign-up, /dashboard, /marketing/*): the only place the session provider is
 * mounted, so the public pages never download supabase-js.
 */
export function AccountLayout() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

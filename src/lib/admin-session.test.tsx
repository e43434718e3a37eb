import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_FLAG_KEY, ADMIN_SESSION_STORAGE_KEY } from '@/config/admin';
import { AdminLoginError, adminLoginFailureOf, AdminSessionProvider, useAdminSession } from './admin-session';

const client = vi.hoisted(() => ({
  loaded: false,
  auth: {
    getSession: vi.fn(),
    signInWithPassword: vi.fn(),
    signOut: vi.fn(),
    onAuthStateChange: vi.fn(),
  },
  rpc: vi.fn(),
}));

vi.mock('@/lib/supabase', () => {
  client.loaded = true;
  return { adminSupabase: client };
});

const session = { access_token: 'token', user: { id: 'admin-id' } };
const wrapper = ({ children }: { children: ReactNode }) => <AdminSessionProvider>{children}</AdminSessionProvider>;

beforeEach(() => {
  localStorage.clear();
  client.auth.getSession.mockResolvedValue({ data: { session }, error: null });
  client.auth.signOut.mockResolvedValue({ error: null });
  client.auth.onAuthStateChange.mockReturnValue({ data: { subscription: { unsubscribe: vi.fn() } } });
  client.rpc.mockResolvedValue({ data: true, error: null });
  client.auth.signInWithPassword.mockResolvedValue({ data: { session, user: session.user }, error: null });
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('AdminSessionProvider', () => {
  it('treats a visitor without a stored admin session as a visitor, without loading supabase-js', async () => {
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    expect(result.current).toMatchObject({ status: 'visitor', isAdmin: false });
    await act(() => Promise.resolve());
    expect(client.loaded).toBe(false);
    expect(client.auth.getSession).not.toHaveBeenCalled();
  });

  it('grants nothing for a forged flag alone, and removes it', async () => {
    localStorage.setItem(ADMIN_FLAG_KEY, 'true');
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    expect(result.current.isAdmin).toBe(false);
    await waitFor(() => expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull());
    expect(client.rpc).not.toHaveBeenCalled();
  });

  it('checks a stored admin session with the server and sets the flag when it is a site admin', async () => {
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, '{}');
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    expect(result.current.status).toBe('checking');
    expect(result.current.isAdmin).toBe(false);
    await waitFor(() => expect(result.current.status).toBe('admin'));
    expect(result.current.isAdmin).toBe(true);
    expect(client.rpc).toHaveBeenCalledWith('is_site_admin');
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true');
  });

  it('refuses a session whose user the server does not call a site admin, even with the flag set', async () => {
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, '{}');
    localStorage.setItem(ADMIN_FLAG_KEY, 'true');
    client.rpc.mockResolvedValue({ data: false, error: null });
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('visitor'));
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  });

  it('refuses when the check fails (a forged or expired token), logging why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, '{}');
    client.rpc.mockResolvedValue({ data: null, error: { message: 'JWT expired' } });
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('visitor'));
    expect(error).toHaveBeenCalledWith('Failed to check the admin session', 'JWT expired');
  });

  it('refuses a stored key without a session', async () => {
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, '{}');
    client.auth.getSession.mockResolvedValue({ data: { session: null }, error: null });
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('visitor'));
    expect(client.rpc).not.toHaveBeenCalled();
  });

  it('re-checks on refresh (after a sign-in)', async () => {
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    let isAdmin = false;
    await act(async () => {
      isAdmin = await result.current.refresh();
    });
    expect(isAdmin).toBe(true);
    expect(result.current.status).toBe('admin');
  });

  it('logs out: ends only this session (scope local, not every session of the account), clears the flag and the state', async () => {
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, '{}');
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    await waitFor(() => expect(result.current.isAdmin).toBe(true));
    await act(() => result.current.logout());
    expect(client.auth.signOut).toHaveBeenCalledTimes(1);
    expect(client.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(result.current.status).toBe('visitor');
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  });

  it('is logged out in this browser and logs the error when the server cannot end the session', async () => {
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, '{}');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    client.auth.signOut.mockResolvedValueOnce({ error: { message: 'offline' } });
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    await waitFor(() => expect(result.current.isAdmin).toBe(true));
    await act(() => result.current.logout());
    expect(client.auth.signOut).toHaveBeenLastCalledWith({ scope: 'local' });
    expect(result.current.isAdmin).toBe(false);
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(logged).toHaveBeenCalledWith('Admin logout: the server could not end the session', { message: 'offline' });
  });

  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAdminSession())).toThrow('useAdminSession must be used within an AdminSessionProvider');
  });

  it('does not take the marketing key of a backend at admin.example.com for an admin session', async () => {
    localStorage.setItem('sb-admin-auth-token', '{}');
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    expect(result.current.status).toBe('visitor');
    await act(() => Promise.resolve());
    expect(client.auth.getSession).not.toHaveBeenCalled();
  });
});

describe('login', () => {
  async function attempt(username: string, password: string) {
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    let failure: unknown = null;
    await act(async () => {
      await result.current.login(username, password).catch((error: unknown) => (failure = error));
    });
    return { result, failure: failure as AdminLoginError | null };
  }

  it('signs the admin client in with the e-mail of the username, and is admin once the server says so', async () => {
    const { result, failure } = await attempt('Admin', 'secret');
    expect(failure).toBeNull();
    expect(client.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'admin@admin.localhost', password: 'secret' });
    expect(client.rpc).toHaveBeenCalledWith('is_site_admin');
    expect(result.current).toMatchObject({ status: 'admin', isAdmin: true });
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true');
  });

  it('refuses a wrong password as invalid credentials, without asking further', async () => {
    client.auth.signInWithPassword.mockResolvedValue({
      data: { session: null, user: null },
      error: { name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
    const { result, failure } = await attempt('admin', 'wrong');
    expect(failure).toBeInstanceOf(AdminLoginError);
    expect(failure?.reason).toBe('invalid-credentials');
    expect(client.rpc).not.toHaveBeenCalled();
    expect(result.current.isAdmin).toBe(false);
  });

  it('refuses a valid account that is not a site admin exactly like a wrong password, ending its new session', async () => {
    client.rpc.mockResolvedValue({ data: false, error: null });
    const { result, failure } = await attempt('someone@example.com', 'their-password');
    expect(client.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'someone@example.com', password: 'their-password' });
    expect(failure?.reason).toBe('invalid-credentials');
    expect(failure?.message).toBe('Invalid username or password');
    expect(client.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(result.current.status).toBe('visitor');
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  });

  it('reports a server that cannot be reached as unavailable, not as a wrong password', async () => {
    client.auth.signInWithPassword.mockResolvedValue({
      data: { session: null, user: null },
      error: { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' },
    });
    const { failure } = await attempt('admin', 'secret');
    expect(failure?.reason).toBe('unavailable');
  });

  it('ends the new session when the site-admin check itself fails', async () => {
    client.rpc.mockResolvedValue({ data: null, error: { message: 'upstream timeout' } });
    const { result, failure } = await attempt('admin', 'secret');
    expect(failure?.reason).toBe('unavailable');
    expect(client.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(result.current.isAdmin).toBe(false);
  });
});

describe('adminLoginFailureOf', () => {
  it.each([
    [{ status: 400 }, 'invalid-credentials'],
    [{ status: 422 }, 'invalid-credentials'],
    [{ status: 429 }, 'unavailable'],
    [{ status: 500 }, 'unavailable'],
    [{ status: 0 }, 'unavailable'],
    [{}, 'unavailable'],
    [null, 'unavailable'],
  ])('%j → %s', (error, expected) => {
    expect(adminLoginFailureOf(error)).toBe(expected);
  });
});


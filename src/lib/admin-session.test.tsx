import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_FLAG_KEY } from '@/config/admin';
import { AdminSessionProvider, useAdminSession } from './admin-session';

const client = vi.hoisted(() => ({
  loaded: false,
  auth: {
    getSession: vi.fn(),
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
    localStorage.setItem('sb-admin-auth-token', '{}');
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    expect(result.current.status).toBe('checking');
    expect(result.current.isAdmin).toBe(false);
    await waitFor(() => expect(result.current.status).toBe('admin'));
    expect(result.current.isAdmin).toBe(true);
    expect(client.rpc).toHaveBeenCalledWith('is_site_admin');
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true');
  });

  it('refuses a session whose user the server does not call a site admin, even with the flag set', async () => {
    localStorage.setItem('sb-admin-auth-token', '{}');
    localStorage.setItem(ADMIN_FLAG_KEY, 'true');
    client.rpc.mockResolvedValue({ data: false, error: null });
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('visitor'));
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  });

  it('refuses when the check fails (a forged or expired token), logging why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('sb-admin-auth-token', '{}');
    client.rpc.mockResolvedValue({ data: null, error: { message: 'JWT expired' } });
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('visitor'));
    expect(error).toHaveBeenCalledWith('Failed to check the admin session', 'JWT expired');
  });

  it('refuses a stored key without a session', async () => {
    localStorage.setItem('sb-admin-auth-token', '{}');
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

  it('logs out: signs the admin client out, clears the flag and the state', async () => {
    localStorage.setItem('sb-admin-auth-token', '{}');
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    await waitFor(() => expect(result.current.isAdmin).toBe(true));
    await act(() => result.current.logout());
    expect(client.auth.signOut).toHaveBeenCalledWith();
    expect(result.current.status).toBe('visitor');
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  });

  it('forgets the session locally when the server cannot sign it out', async () => {
    localStorage.setItem('sb-admin-auth-token', '{}');
    client.auth.signOut.mockResolvedValueOnce({ error: { message: 'offline' } });
    const { result } = renderHook(() => useAdminSession(), { wrapper });
    await waitFor(() => expect(result.current.isAdmin).toBe(true));
    await act(() => result.current.logout());
    expect(client.auth.signOut).toHaveBeenLastCalledWith({ scope: 'local' });
    expect(result.current.isAdmin).toBe(false);
  });

  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAdminSession())).toThrow('useAdminSession must be used within an AdminSessionProvider');
  });
});

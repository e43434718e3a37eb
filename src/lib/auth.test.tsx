import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, isUserAuthStorageKey, ProtectedRoute, removeUserAuthKeys, useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';
import { fakeSession, workspaceRows, type FakeSupabase } from '@/testing/fake-supabase';
import { Landing, renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

const profileRow = {
  id: 'p1',
  user_id: 'user-1',
  organization_id: 'org-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  marketing_role: null,
  last_active: null,
  created_at: '',
  updated_at: '',
};

function Probe() {
  const auth = useAuth();
  const workspace = useWorkspace();
  return (
    <dl>
      <dt>loading</dt>
      <dd data-testid="loading">{String(auth.loading)}</dd>
      <dt>user</dt>
      <dd data-testid="user">{auth.userId ?? 'none'}</dd>
      <dt>workspace</dt>
      <dd data-testid="workspace">{workspace.current ? `${workspace.current.name} (${workspace.current.accessRole})` : 'none'}</dd>
      <dt>profile</dt>
      <dd data-testid="profile">{auth.profile ? auth.profile.first_name : 'none'}</dd>
      <button type="button" onClick={() => void auth.signOut()}>
        sign out
      </button>
    </dl>
  );
}

function renderProbe() {
  return renderRoutes([{ path: '/', element: <AuthProvider><Probe /></AuthProvider> }]);
}

beforeEach(() => {
  fake.reset();
  fake.respondWith((call) => {
    if (call.table === 'profiles' && call.operation === 'select') return { data: profileRow, error: null };
    return workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }, { id: 'org-2', name: 'Babbage & Co', role: 'viewer' }]);
  });
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AuthProvider', () => {
  it('is loading until the first session check completes, then exposes the session', async () => {
    let resolve!: (value: { data: { session: ReturnType<typeof fakeSession> }; error: null }) => void;
    fake.auth.getSession.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    renderProbe();
    expect(screen.getByTestId('loading')).toHaveTextContent('true');
    await act(async () => resolve({ data: { session: fakeSession() }, error: null }));
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
    expect(screen.getByTestId('user')).toHaveTextContent('user-1');
  });

  it('reads the profile with select * where user_id, single, and the user’s workspaces', async () => {
    fake.setSession(fakeSession());
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('profile')).toHaveTextContent('Ada'));
    // Nothing remembered in this browser: the workspace joined first.
    await waitFor(() => expect(screen.getByTestId('workspace')).toHaveTextContent('Analytical Engines (owner)'));
    const profileCall = fake.calls.find((call) => call.table === 'profiles');
    expect(profileCall).toMatchObject({ operation: 'select', columns: '*', filters: [['user_id', 'user-1']], single: true });
    expect(fake.calls.find((call) => call.table === 'organization_members')).toMatchObject({ columns: 'organization_id, role, created_at', filters: [['user_id', 'user-1']] });
  });

  it('works in the workspace this browser remembers while the server still lists it', async () => {
    localStorage.setItem('bb-current-workspace:user-1', 'org-2');
    fake.setSession(fakeSession());
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('workspace')).toHaveTextContent('Babbage & Co (viewer)'));
  });

  it('ignores a remembered workspace the server does not list (left, removed or forged)', async () => {
    localStorage.setItem('bb-current-workspace:user-1', 'org-of-someone-else');
    fake.setSession(fakeSession());
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('workspace')).toHaveTextContent('Analytical Engines (owner)'));
  });

  it('only logs a profile error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.respondWith(() => ({ data: null, error: { message: 'boom', code: 'PGRST116' } }));
    fake.setSession(fakeSession());
    renderProbe();
    await waitFor(() => expect(log).toHaveBeenCalledWith('Error fetching profile:', 'boom'));
    expect(screen.getByTestId('user')).toHaveTextContent('user-1');
    expect(screen.getByTestId('profile')).toHaveTextContent('none');
  });

  it('follows auth changes: SIGNED_IN sets the user, SIGNED_OUT clears it', async () => {
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    await act(() => fake.emit('SIGNED_IN', fakeSession({ id: 'user-2' })));
    expect(screen.getByTestId('user')).toHaveTextContent('user-2');
    await act(() => fake.emit('SIGNED_OUT', null));
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(screen.getByTestId('profile')).toHaveTextContent('none');
  });

  it("drops the reads the page's inline script started when the session ends: none is used after, whoever signs in", async () => {
    renderProbe();
    await waitFor(() => expect(fake.listenerCount()).toBe(1));
    window.__earlyRequests = { userId: 'user-1', profile: Promise.resolve([{ user_id: 'user-1' }]) };
    await act(() => fake.emit('SIGNED_OUT', null));
    expect(window.__earlyRequests).toBeUndefined();
  });

  it('on SIGNED_IN sets last_active to now, deferred out of the auth callback', async () => {
    renderProbe();
    await waitFor(() => expect(fake.listenerCount()).toBe(1));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const before = Date.now();
    await act(() => fake.emit('SIGNED_IN', fakeSession()));
    expect(fake.calls.some((call) => call.operation === 'update')).toBe(false);
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    const update = fake.calls.find((call) => call.operation === 'update');
    expect(update).toMatchObject({ table: 'profiles', filters: [['user_id', 'user-1']] });
    const stamp = Date.parse((update!.values as { last_active: string }).last_active);
    expect(stamp).toBeGreaterThanOrEqual(before - 1);
    expect((update!.values as { last_active: string }).last_active).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it('does not touch last_active on other events', async () => {
    renderProbe();
    await waitFor(() => expect(fake.listenerCount()).toBe(1));
    await act(() => fake.emit('TOKEN_REFRESHED', fakeSession()));
    await act(() => fake.emit('INITIAL_SESSION', fakeSession()));
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.calls.some((call) => call.operation === 'update')).toBe(false);
  });

  it('only logs a failed last_active update', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.respondWith((call) => (call.operation === 'update' ? { data: null, error: { message: 'denied' } } : undefined));
    renderProbe();
    await waitFor(() => expect(fake.listenerCount()).toBe(1));
    await act(() => fake.emit('SIGNED_IN', fakeSession()));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Error updating last active:', 'denied'));
  });

  it('signs out globally first, then removes the marketing auth keys from both storages (not the admin key)', async () => {
    const order: string[] = [];
    localStorage.setItem('sb-localhost-auth-token', 'session');
    localStorage.setItem('sb-localhost-auth-token-code-verifier', 'verifier');
    localStorage.setItem('bb-site-admin-session', 'admin session');
    localStorage.setItem('isAdminAuthenticated', 'true');
    sessionStorage.setItem('sb-localhost-auth-token', 'session');
    fake.auth.signOut.mockImplementationOnce(async (options) => {
      order.push(`signOut ${JSON.stringify(options)} with key ${localStorage.getItem('sb-localhost-auth-token') ? 'present' : 'gone'}`);
      return { error: null };
    });
    fake.setSession(fakeSession());
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('user-1'));
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }));
    await waitFor(() => expect(localStorage.getItem('sb-localhost-auth-token')).toBeNull());
    expect(order).toEqual(['signOut {"scope":"global"} with key present']);
    expect(localStorage.getItem('sb-localhost-auth-token-code-verifier')).toBeNull();
    expect(sessionStorage.getItem('sb-localhost-auth-token')).toBeNull();
    expect(localStorage.getItem('bb-site-admin-session')).toBe('admin session');
    expect(localStorage.getItem('isAdminAuthenticated')).toBe('true');
  });

  it('keeps the session and its keys when the server refuses the sign-out', async () => {
    localStorage.setItem('sb-localhost-auth-token', 'session');
    fake.auth.signOut.mockResolvedValueOnce({ error: { message: 'Request rate limit reached' } });
    fake.setSession(fakeSession());
    let result: { error: Error | null } | undefined;
    function SignOutProbe() {
      const { signOut, userId } = useAuth();
      return (
        <button type="button" onClick={async () => (result = await signOut())}>
          {userId ?? 'none'}
        </button>
      );
    }
    renderRoutes([{ path: '/', element: <AuthProvider><SignOutProbe /></AuthProvider> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'user-1' }));
    await waitFor(() => expect(result?.error?.message).toBe('Request rate limit reached'));
    expect(localStorage.getItem('sb-localhost-auth-token')).toBe('session');
  });

  it('unsubscribes on unmount', async () => {
    const view = renderProbe();
    await waitFor(() => expect(fake.listenerCount()).toBe(1));
    view.unmount();
    expect(fake.listenerCount()).toBe(0);
  });

  it('refuses to be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('isUserAuthStorageKey', () => {
  it.each([
    ['sb-localhost-auth-token', true],
    ['sb-127-auth-token', true],
    ['sb-abcdefghij-auth-token', true],
    ['sb-localhost-auth-token-code-verifier', true],
    ['sb-localhost-auth-token-user', true],
    ['supabase.auth.token', true],
    // The marketing user's key when the backend's host is admin.example.com: never the admin's.
    ['sb-admin-auth-token', true],
    ['bb-site-admin-session', false],
    ['bb-site-admin-session-code-verifier', false],
    ['bb-site-admin-session-user', false],
    ['isAdminAuthenticated', false],
    ['sb--auth-token', false],
    ['theme', false],
    ['my-sb-localhost-auth-token', false],
  ])('%s → %s', (key, expected) => {
    expect(isUserAuthStorageKey(key)).toBe(expected);
  });

  it('removes every matching key, even adjacent ones', () => {
    localStorage.clear();
    localStorage.setItem('sb-a-auth-token', '1');
    localStorage.setItem('sb-b-auth-token', '2');
    localStorage.setItem('keep', '3');
    removeUserAuthKeys(localStorage);
    expect(Object.keys(localStorage)).toEqual(['keep']);
  });
});

describe('ProtectedRoute', () => {
  function renderGuarded(path: string) {
    return renderRoutes(
      [
        {
          element: <AuthProvider><ProtectedRoute /></AuthProvider>,
          children: [{ path: '/dashboard', element: <SignedInPage /> }],
        },
        { path: '/auth', element: <Landing name="auth" /> },
      ],
      path,
    );
  }

  function SignedInPage() {
    const { signOut } = useAuth();
    return (
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
    );
  }

  it("shows 'Loading dashboard...' until the session is known", async () => {
    fake.auth.getSession.mockImplementationOnce(() => new Promise(() => {}));
    renderGuarded('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
  });

  it('sends a signed-out visitor to /auth, replacing history', async () => {
    const { router } = renderGuarded('/dashboard');
    expect(await screen.findByText('landed on auth')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  describe('with the frame the served HTML painted (@/lib/app-frame)', () => {
    const paintFrame = () => {
      const frame = document.createElement('div');
      frame.id = 'app-frame';
      document.body.prepend(frame);
    };
    afterEach(() => document.getElementById('app-frame')?.remove());

    it('shows nothing of its own while the session is unknown: the frame stands for it', async () => {
      paintFrame();
      fake.auth.getSession.mockImplementationOnce(() => new Promise(() => {}));
      renderGuarded('/dashboard');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(document.getElementById('app-frame')).not.toBeNull();
    });

    it('removes the frame when it sends a signed-out visitor to /auth', async () => {
      paintFrame();
      renderGuarded('/dashboard');
      expect(await screen.findByText('landed on auth')).toBeInTheDocument();
      expect(document.getElementById('app-frame')).toBeNull();
    });
  });

  it('shows the page to a signed-in user', async () => {
    fake.setSession(fakeSession());
    renderGuarded('/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it("after the user's own sign-out keeps the page (inert, no blank page), then goes to /auth after 500 ms", async () => {
    fake.setSession(fakeSession());
    fake.auth.signOut.mockImplementationOnce(async () => {
      await fake.emit('SIGNED_OUT', null);
      return { error: null };
    });
    const { router } = renderGuarded('/dashboard');
    const button = await screen.findByRole('button', { name: 'Sign Out' });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await act(async () => button.click());
    expect(screen.queryByText('Signing out...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out', hidden: true }).closest('[inert]')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(router.state.location.pathname).toBe('/dashboard');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workspace } from '@/lib/workspace-choice';

const state = vi.hoisted(() => ({
  session: null as { user: { id: string } } | null,
  remembered: null as string | null,
  client: null as unknown,
  resolveList: (_list: Workspace[]) => {},
}));
const fetchProfile = vi.hoisted(() => vi.fn(async () => ({ user_id: 'u1' })));
const fetchWorkspaces = vi.hoisted(() => vi.fn(() => new Promise<Workspace[]>((resolve) => (state.resolveList = resolve))));

vi.mock('@/lib/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: state.session }, error: null }) } } }));
vi.mock('@/lib/deferred-query-client', () => ({ loadQueryClient: async () => state.client }));
vi.mock('@/lib/auth', () => ({ fetchProfile, profileQueryKey: (userId: string | null) => ['profile', userId] }));
vi.mock('@/lib/workspace', () => ({
  fetchWorkspaces,
  rememberedWorkspaceId: () => state.remembered,
  workspaceKeys: { list: (userId: string | null) => ['workspaces', 'list', userId] },
}));

const { prefetchAccount, prefetchForWorkspace } = await import('./account-prefetch');

const workspace = (id: string, joinedAt: string): Workspace => ({ id, name: id, isPersonal: false, accessRole: 'member', joinedAt, requiresTwoFactor: false, timeZone: 'UTC' });

beforeEach(() => {
  state.session = { user: { id: 'u1' } };
  state.remembered = null;
  state.client = new QueryClient();
  fetchProfile.mockClear();
  fetchWorkspaces.mockClear();
});

describe('prefetchAccount', () => {
  it('starts the profile and the workspace list together, and gives the remembered workspace without waiting for the list', async () => {
    state.remembered = 'w-last';
    const context = await prefetchAccount();
    expect(context).toMatchObject({ userId: 'u1', workspaceId: 'w-last' });
    expect(fetchProfile).toHaveBeenCalledWith('u1');
    expect(fetchWorkspaces).toHaveBeenCalledWith('u1');
    state.resolveList([workspace('w-last', '2026-01-01')]);
    // The providers find both in the cache under their own keys.
    await vi.waitFor(() => expect((state.client as QueryClient).getQueryData(['workspaces', 'list', 'u1'])).toHaveLength(1));
    expect((state.client as QueryClient).getQueryData(['profile', 'u1'])).toEqual({ user_id: 'u1' });
  });

  it('without a remembered workspace, waits for the list and takes the one the app would choose', async () => {
    const context = prefetchAccount();
    await vi.waitFor(() => expect(fetchWorkspaces).toHaveBeenCalled());
    state.resolveList([workspace('w-b', '2026-02-01'), workspace('w-a', '2026-01-01')]);
    expect(await context).toMatchObject({ workspaceId: 'w-a' });
  });

  it('does nothing for a signed-out visitor', async () => {
    state.session = null;
    expect(await prefetchAccount()).toBeNull();
    expect(fetchProfile).not.toHaveBeenCalled();
    expect(fetchWorkspaces).not.toHaveBeenCalled();
  });
});

describe('prefetchForWorkspace', () => {
  it("runs a route's prefetch with the workspace it will show", async () => {
    state.remembered = 'w-last';
    const start = vi.fn();
    prefetchForWorkspace(start)();
    await vi.waitFor(() => expect(start).toHaveBeenCalledWith(expect.objectContaining({ workspaceId: 'w-last', userId: 'u1' })));
  });
});

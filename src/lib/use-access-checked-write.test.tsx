import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessLostError, RowGoneError } from '@/lib/access-lost';
import { createQueryClient } from '@/lib/query-client';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';
import { useWorkspace, WorkspaceProvider } from '@/lib/workspace';
import { workspaceRows, type FakeSupabase } from '@/testing/fake-supabase';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

/** What the server lists as the user's workspaces from now on (the first is the current one at the start). */
let workspaces: { id: string; name: string; role?: string }[];
let membershipsFail = false;

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'member' }, { id: 'org-2', name: 'Own Works' }];
  membershipsFail = false;
  fake.respondWith((call) =>
    membershipsFail && call.table === 'organization_members' ? { data: null, error: { message: 'TypeError: Failed to fetch' } } : workspaceRows(call, workspaces),
  );
});

function renderChecked(withProvider = true) {
  // The app's own defaults: lists stay fresh for 30 s and a focus alone reads nothing again.
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{withProvider ? <WorkspaceProvider userId="user-1">{children}</WorkspaceProvider> : children}</QueryClientProvider>
  );
  return renderHook(() => ({ checked: useAccessCheckedWrite(), current: withProvider ? useWorkspace().current : null }), { wrapper });
}

async function ready() {
  const view = renderChecked();
  await waitFor(() => expect(view.result.current.current?.id).toBe('org-1'));
  return view;
}

const refusal = Object.assign(new Error('new row violates row-level security policy'), { code: '42501' });
const membershipReads = () => fake.calls.filter((call) => call.table === 'organization_members').length;

describe('useAccessCheckedWrite', () => {
  it('gives back what a write that succeeds answers, without reading the workspaces again', async () => {
    const { result } = await ready();
    const reads = membershipReads();
    await expect(result.current.checked(async () => 'saved')).resolves.toBe('saved');
    expect(membershipReads()).toBe(reads);
  });

  it('a row that seems gone, for a user no longer in the workspace: "You no longer have access to …", and the page moves', async () => {
    const { result } = await ready();
    workspaces = [{ id: 'org-2', name: 'Own Works' }];
    const gone = new RowGoneError('This content item no longer exists.');
    const error = await result.current.checked(() => Promise.reject(gone)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccessLostError);
    expect((error as AccessLostError).message).toBe('You no longer have access to Analytical Engines.');
    expect((error as AccessLostError).cause).toBe(gone);
    await waitFor(() => expect(result.current.current?.id).toBe('org-2'));
  });

  it('a row that is really gone, for a member who still may write: the original error', async () => {
    const { result } = await ready();
    const gone = new RowGoneError('This content item no longer exists.');
    await expect(result.current.checked(() => Promise.reject(gone))).rejects.toBe(gone);
  });

  it('a 42501 refusal for a member lowered to viewer: says they can no longer change it', async () => {
    const { result } = await ready();
    workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'viewer' }, { id: 'org-2', name: 'Own Works' }];
    const error = await result.current.checked(() => Promise.reject(refusal)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccessLostError);
    expect((error as AccessLostError).message).toBe('You can no longer change Analytical Engines: you are a viewer there now.');
  });

  it('a record a database function no longer sees (campaign_missing) for a removed member: access lost', async () => {
    const { result } = await ready();
    workspaces = [{ id: 'org-2', name: 'Own Works' }];
    const missing = { code: 'P0001', details: 'campaign_missing', message: 'This campaign does not exist.' };
    await expect(result.current.checked(() => Promise.reject(missing))).rejects.toBeInstanceOf(AccessLostError);
  });

  it('another failure (a duplicate, the network) stays as it is, without reading the workspaces', async () => {
    const { result } = await ready();
    const reads = membershipReads();
    const duplicate = { code: '23505', message: 'duplicate key value' };
    await expect(result.current.checked(() => Promise.reject(duplicate))).rejects.toBe(duplicate);
    expect(membershipReads()).toBe(reads);
  });

  it('when the workspaces cannot be read, the original error stays: nothing is claimed that was not seen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = await ready();
    membershipsFail = true;
    await expect(result.current.checked(() => Promise.reject(refusal))).rejects.toBe(refusal);
  });

  it('outside the signed-in area (no workspace) the write runs as it is', async () => {
    const { result } = renderChecked(false);
    await expect(result.current.checked(() => Promise.reject(refusal))).rejects.toBe(refusal);
    await expect(result.current.checked(async () => 1)).resolves.toBe(1);
  });
});

describe('WorkspaceProvider on its own', () => {
  it('moves a removed member to a workspace they still have within seconds, saying why, with nothing clicked', async () => {
    const warning = vi.spyOn(toast, 'warning');
    const { result } = await ready();
    workspaces = [{ id: 'org-2', name: 'Own Works' }];
    // The page is left alone: the next membership check (every 5 s while visible) notices.
    await waitFor(() => expect(result.current.current?.id).toBe('org-2'), { timeout: 7_000 });
    expect(warning).toHaveBeenCalledWith('You no longer have access to Analytical Engines', {
      id: 'lost-access:org-1',
      description: 'You are now in Own Works.',
    });
  });

  it('reads the workspaces again when the window gets the focus, however recent the list is', async () => {
    await ready();
    const reads = membershipReads();
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(membershipReads()).toBeGreaterThan(reads));
  });
});
